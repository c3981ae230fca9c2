-- V4: V2 holds the turn-clock deadlines; V3 was set aside for the audit trail (issue 4), which landed without one.
-- Read models (projections/): each is rebuilt from the event store by its own processing group, so every
-- table here can be emptied and refilled at any time (POST /api/admin/projections/{name}/rebuild).
-- Plain SQL that runs unchanged on H2 2.x and PostgreSQL: varchar, bigint, integer, double precision,
-- timestamp(6) with time zone. No H2-only types, no blobs.

-- match-views: the spectator view of each match, as served by GET /api/matches/{id}/view without a token.
-- view_json is the whole view (the API.md shape, last 50 public events included), already redacted.
create table rm_match_view (
    match_id      varchar(100)    not null,
    ruleset       varchar(40)     not null,
    version       bigint          not null,
    status        varchar(20)     not null,
    -- spectators with a delay are served from here only when the match has been quiet for that long
    spectator_delay integer       not null,
    last_event_at timestamp(6) with time zone not null,
    view_json     varchar(1000000) not null,
    constraint rm_match_view_pk primary key (match_id)
);

-- match-list: one summary per match for GET /api/matches?status=
create table rm_match_summary (
    match_id    varchar(100) not null,
    ruleset     varchar(40)  not null,
    status      varchar(20)  not null,
    turn        integer      not null,
    player_a    varchar(40),
    player_b    varchar(40),
    winner      varchar(2),
    reason      varchar(40),
    created_at  timestamp(6) with time zone not null,
    updated_at  timestamp(6) with time zone not null,
    last_seq    bigint       not null,
    constraint rm_match_summary_pk primary key (match_id)
);

create index rm_match_summary_status_idx on rm_match_summary (status, updated_at);

-- player-history: one row per player and seat taken, for GET /api/players/{name}/matches
create table rm_player_match (
    player_name varchar(40)  not null,
    match_id    varchar(100) not null,
    seat        varchar(2)   not null,
    opponent    varchar(40),
    status      varchar(20)  not null,
    outcome     varchar(10),
    reason      varchar(40),
    joined_at   timestamp(6) with time zone not null,
    ended_at    timestamp(6) with time zone,
    constraint rm_player_match_pk primary key (player_name, match_id, seat)
);

create index rm_player_match_match_idx on rm_player_match (match_id);

-- ratings: who sat where (to rate a match when it ends), each rated match in the order it was rated, and the
-- Glicko-2 rating of each player.
create table rm_rating_seat (
    match_id    varchar(100) not null,
    seat        varchar(2)   not null,
    player_name varchar(40)  not null,
    constraint rm_rating_seat_pk primary key (match_id, seat)
);

create table rm_rated_match (
    match_id   varchar(100) not null,
    position   bigint       not null,
    player_a   varchar(40)  not null,
    player_b   varchar(40)  not null,
    -- 1 = A won, 0 = A lost; both_lost = 1 when V-WIN-4 left no winner (rated as a loss for both)
    score_a    integer      not null,
    both_lost  integer      not null,
    constraint rm_rated_match_pk primary key (match_id)
);

create index rm_rated_match_position_idx on rm_rated_match (position);

create table rm_rating (
    player_name varchar(40)      not null,
    rating      double precision not null,
    rd          double precision not null,
    volatility  double precision not null,
    games       integer          not null,
    wins        integer          not null,
    losses      integer          not null,
    constraint rm_rating_pk primary key (player_name)
);

create index rm_rating_rating_idx on rm_rating (rating);

-- refusals: the audit trail of refused intents (IntentRefused, rate-limited per match by command/api/RefusalLog)
create table rm_refusal (
    event_id    varchar(255)  not null,
    match_id    varchar(100)  not null,
    intent_id   varchar(100),
    seat        varchar(2),
    code        varchar(100)  not null,
    rule_id     varchar(40),
    message     varchar(2000),
    intent_type varchar(20),
    intent_json varchar(20000),
    refused_at  timestamp(6) with time zone not null,
    constraint rm_refusal_pk primary key (event_id)
);

create index rm_refusal_match_idx on rm_refusal (match_id, refused_at);
