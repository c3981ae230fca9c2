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

-- multi-seat matches were rated pairwise by Glicko-2 until now: rate again from the events
-- (POST /api/admin/projections/ratings/rebuild) for rm_rating to equal what a rebuild gives. (Clearing the ratings here
-- for the processor to replay at start was tried: the ratings processor starts at the head of the store when it has
-- no token, so the leaderboard came back empty; GoldenHistoryTest caught it.)
