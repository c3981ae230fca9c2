-- Registered players (issue 20 item 4). Portable SQL: runs on H2 and PostgreSQL.
create table player_account (
    account_id    varchar(36)  not null primary key,
    name          varchar(64)  not null,
    name_key      varchar(256) not null,
    password_hash varchar(100) not null,
    created_at    timestamp    not null
);
create unique index player_account_name_key on player_account (name_key);

-- Player tokens: only the SHA-256 of the token is stored; expiring and revocable.
create table player_session (
    token_hash  varchar(64) not null primary key,
    account_id  varchar(36) not null,
    expires_at  timestamp   not null,
    revoked     int         not null default 0
);
create index player_session_account on player_session (account_id);

-- Ratings key registered players by account id (the name is shown). Only matches where every seat is a
-- registered player are rated; no event before identities carries an account id, so a rebuild rates none of
-- them: clearing the rated tables here is exactly what a rebuild of the ratings projection would produce.
alter table rm_rating_seat add column account_id varchar(36);
alter table rm_rated_match add column name_a varchar(40);
alter table rm_rated_match add column name_b varchar(40);
alter table rm_rating add column account_id varchar(36);
delete from rm_rated_match;
delete from rm_rating;
create unique index rm_rating_account on rm_rating (account_id);
