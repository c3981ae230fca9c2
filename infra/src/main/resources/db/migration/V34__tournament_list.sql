-- Issue 41: the tournament list (GET /api/tournaments) as a read model (projections/, tournament-list), rebuilt
-- from the event store like every rm_ table: one row per tournament, newest first by the store position of its
-- creation. Filled by the processor from the start of the store (older tournaments included); plain SQL for H2 and
-- PostgreSQL.
create table rm_tournament (
    tournament_id varchar(100) not null,
    position      bigint       not null,
    name          varchar(200) not null,
    ruleset       varchar(40)  not null,
    format        varchar(40)  not null,
    status        varchar(20)  not null,
    round         integer      not null,
    entrants      integer      not null,
    organizer     varchar(100),
    -- the creation's own time as ISO-8601 (Instant.toString): to the nanosecond, as the event holds it
    created_at    varchar(40)  not null,
    -- the sequence number of the tournament's last event applied: a redelivered event changes nothing
    last_seq      bigint       not null,
    constraint rm_tournament_pk primary key (tournament_id)
);
create index rm_tournament_position on rm_tournament (position);
create index rm_tournament_status on rm_tournament (status, position);
