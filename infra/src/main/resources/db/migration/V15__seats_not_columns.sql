-- Issue 14 (a game-neutral core): read models hold N seats (A to F), not columns for A and B. Portable SQL: runs on
-- H2 and PostgreSQL. Rows already there are moved as they are, so no read model needs a rebuild.

-- match-list: one row per seat taken
create table rm_match_seat (
    match_id    varchar(100) not null,
    seat        varchar(2)   not null,
    player_name varchar(40)  not null,
    constraint rm_match_seat_pk primary key (match_id, seat)
);
insert into rm_match_seat (match_id, seat, player_name)
    select match_id, 'A', player_a from rm_match_summary where player_a is not null;
insert into rm_match_seat (match_id, seat, player_name)
    select match_id, 'B', player_b from rm_match_summary where player_b is not null;
alter table rm_match_summary drop column player_a;
alter table rm_match_summary drop column player_b;

-- ratings: each rated match's seats with how each came out (WON, LOST, DRAWN); a draw counts for the player
create table rm_rated_seat (
    match_id    varchar(100) not null,
    seat        varchar(2)   not null,
    account_id  varchar(36)  not null,
    player_name varchar(40),
    outcome     varchar(10)  not null,
    constraint rm_rated_seat_pk primary key (match_id, seat)
);
insert into rm_rated_seat (match_id, seat, account_id, player_name, outcome)
    select match_id, 'A', player_a, name_a, case when score_a = 1 then 'WON' else 'LOST' end from rm_rated_match;
insert into rm_rated_seat (match_id, seat, account_id, player_name, outcome)
    select match_id, 'B', player_b, name_b, case when score_a = 0 and both_lost = 0 then 'WON' else 'LOST' end
    from rm_rated_match;
alter table rm_rated_match drop column player_a;
alter table rm_rated_match drop column player_b;
alter table rm_rated_match drop column score_a;
alter table rm_rated_match drop column both_lost;
alter table rm_rated_match drop column name_a;
alter table rm_rated_match drop column name_b;
alter table rm_rating add column draws integer default 0 not null;

-- player-history: a seat's opponents are every other seat's player, comma-separated (up to five names)
alter table rm_player_match alter column opponent set data type varchar(250);
