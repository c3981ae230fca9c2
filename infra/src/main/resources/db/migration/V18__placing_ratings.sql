-- issue 40: matches of 3 to 6 seats are rated by placing (Plackett-Luce, OpenSkill), per seat count, in their own
-- table; Glicko-2 (rm_rating) rates two-seat matches only. Each rated match names the model that rated it.
alter table rm_rated_seat add column place integer;
alter table rm_rated_match add column model varchar(40);

create table rm_placing_rating (
    account_id  varchar(36)      not null,
    seats       integer          not null,
    player_name varchar(40),
    mu          double precision not null,
    sigma       double precision not null,
    games       integer          not null,
    firsts      integer          not null,
    constraint rm_placing_rating_pk primary key (account_id, seats)
);
create index rm_placing_rating_board on rm_placing_rating (seats, mu);

-- multi-seat matches were rated pairwise by Glicko-2 until now: the ratings are rated again from the events at the
-- next start (the processor, finding no token, replays the store; as V12 did for match-views), so rm_rating equals
-- what a rebuild gives without a manual step (docs/upgrading.md: history opens with no manual step)
delete from rm_rating;
delete from rm_placing_rating;
delete from rm_rated_seat;
delete from rm_rated_match;
delete from rm_rating_seat;
delete from token_entry where processor_name = 'ratings';
