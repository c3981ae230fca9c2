-- V13 (V11 is reserved for the accounts of issue 20, finding 4; V12 names the rules of stored views): the spectator delay of each listed match, so the
-- public lists (GET /api/matches, player history, leaderboard) can tell which matches they must show as they stood
-- `spectator_delay` seconds ago (query/.../PublicRecords). Rows written before this migration read 0 until the
-- match-list model is rebuilt (POST /api/admin/projections/match-list/rebuild).
alter table rm_match_summary add column spectator_delay integer default 0 not null;
-- asked on every list request: only the (few) delayed matches are read
create index rm_match_summary_delay_idx on rm_match_summary (spectator_delay, status);

-- The public Kafka stream holds back the events of a match with a spectator delay until they are that old
-- (infra/.../kafka/DelayedPublicEvents): per such match, the next sequence number to publish. A row is made by the
-- publishing processor when it meets the match's events, and dropped once its MatchEnded is on the topic.
create table kafka_delayed_match (
    match_id      varchar(100) not null,
    ruleset       varchar(40)  not null,
    delay_seconds integer      not null,
    next_seq      bigint       not null,
    constraint kafka_delayed_match_pk primary key (match_id)
);
