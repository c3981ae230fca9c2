-- Issue 40: ratings per ruleset. The ratings read model learns each match's ruleset from its opening event and
-- stores it with the rated match; the boards per ruleset (Glicko-2 for two seats, by placing for 3 to 6) are
-- computed from the rated matches of that ruleset, in order, as a rebuild would.
create table rm_rating_match (
    match_id varchar(100) not null,
    ruleset  varchar(40)  not null,
    constraint rm_rating_match_pk primary key (match_id)
);
-- matches opened before this release: their ruleset from the match list
insert into rm_rating_match (match_id, ruleset) select match_id, ruleset from rm_match_summary;
alter table rm_rated_match add column ruleset varchar(40);
update rm_rated_match set ruleset = (select s.ruleset from rm_match_summary s where s.match_id = rm_rated_match.match_id);
create index rm_rated_match_ruleset on rm_rated_match (ruleset, position);
