-- The nodes of one store, each seen alive at `last_seen` (ISO-8601 instant, written every balance interval by
-- infra/.../cluster/SegmentBalancer). A node counts itself in the share of the processors' segments from the moment it
-- starts, before it holds any. Portable SQL: runs unchanged on H2 2.x and PostgreSQL.
create table cluster_node (
    name      varchar(255) not null,
    last_seen varchar(64)  not null,
    constraint cluster_node_pk primary key (name)
);
