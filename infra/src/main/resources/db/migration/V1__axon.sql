-- Axon Framework 4.13 JPA tables: event store, snapshots, tracking tokens, sagas, dead letters.
-- Must match Axon's JPA entities exactly as Hibernate 7 maps them under Spring Boot's naming strategy
-- (spring.jpa.hibernate.ddl-auto=validate checks it at every start).
--
-- Written for H2 2.x first. On PostgreSQL:
--   * every `blob` column becomes `bytea` (and Hibernate must map Axon's @Lob byte[] to bytea rather than
--     oid large objects, e.g. with a dialect/JdbcType override), and
--   * the rest (sequences, varchar, bigint, timestamp(6) with time zone, indexes) runs unchanged.
-- Changes go in new V<n>__*.sql files: never edit an applied migration.

-- The event store's global index: its own sequence, incremented one by one, matching the
-- allocation-size="1" generator in META-INF/orm.xml. No shared hibernate_sequence, no blocks of 50:
-- gaps in the global index stall or slow streaming event processors.
create sequence domain_event_entry_global_index_seq start with 1 increment by 1;

-- Saga association ids: Hibernate's default per-entity sequence (allocation size 50). Gaps are harmless here.
create sequence association_value_entry_seq start with 1 increment by 50;

create table domain_event_entry (
    global_index         bigint       not null,
    sequence_number      bigint       not null,
    aggregate_identifier varchar(255) not null,
    event_identifier     varchar(255) not null,
    payload_revision     varchar(255),
    payload_type         varchar(255) not null,
    time_stamp           varchar(255) not null,
    type                 varchar(255),
    meta_data            blob,
    payload              blob         not null,
    constraint domain_event_entry_pk primary key (global_index),
    -- concurrent writes to one aggregate: the loser gets a conflict instead of a fork
    constraint domain_event_entry_aggregate_seq_uk unique (aggregate_identifier, sequence_number),
    constraint domain_event_entry_event_id_uk unique (event_identifier)
);

create table snapshot_event_entry (
    sequence_number      bigint       not null,
    aggregate_identifier varchar(255) not null,
    event_identifier     varchar(255) not null,
    payload_revision     varchar(255),
    payload_type         varchar(255) not null,
    time_stamp           varchar(255) not null,
    type                 varchar(255) not null,
    meta_data            blob,
    payload              blob         not null,
    constraint snapshot_event_entry_pk primary key (sequence_number, aggregate_identifier, type),
    constraint snapshot_event_entry_event_id_uk unique (event_identifier)
);

-- snapshots are looked up by aggregate
create index snapshot_event_entry_aggregate_idx on snapshot_event_entry (aggregate_identifier);

create table token_entry (
    segment        integer      not null,
    owner          varchar(255),
    processor_name varchar(255) not null,
    timestamp      varchar(255) not null,
    token_type     varchar(255),
    token          blob,
    constraint token_entry_pk primary key (segment, processor_name)
);

create table saga_entry (
    revision        varchar(255),
    saga_id         varchar(255) not null,
    saga_type       varchar(255),
    serialized_saga blob,
    constraint saga_entry_pk primary key (saga_id)
);

create table association_value_entry (
    id                bigint       not null,
    association_key   varchar(255) not null,
    association_value varchar(255),
    saga_id           varchar(255) not null,
    saga_type         varchar(255),
    constraint association_value_entry_pk primary key (id)
);

create index association_value_entry_lookup_idx
    on association_value_entry (saga_type, association_key, association_value);
create index association_value_entry_saga_idx
    on association_value_entry (saga_id, saga_type);

create table dead_letter_entry (
    enqueued_at          timestamp(6) with time zone not null,
    last_touched         timestamp(6) with time zone,
    processing_started   timestamp(6) with time zone,
    sequence_index       bigint        not null,
    sequence_number      bigint,
    cause_message        varchar(1023),
    aggregate_identifier varchar(255),
    cause_type           varchar(255),
    dead_letter_id       varchar(255)  not null,
    event_identifier     varchar(255)  not null,
    message_type         varchar(255)  not null,
    payload_revision     varchar(255),
    payload_type         varchar(255)  not null,
    processing_group     varchar(255)  not null,
    sequence_identifier  varchar(255)  not null,
    time_stamp           varchar(255)  not null,
    token_type           varchar(255),
    type                 varchar(255),
    diagnostics          blob,
    meta_data            blob,
    payload              blob          not null,
    token                blob,
    constraint dead_letter_entry_pk primary key (dead_letter_id),
    constraint dead_letter_entry_sequence_uk unique (processing_group, sequence_identifier, sequence_index)
);

create index dead_letter_entry_group_idx on dead_letter_entry (processing_group);
create index dead_letter_entry_sequence_idx on dead_letter_entry (processing_group, sequence_identifier);
