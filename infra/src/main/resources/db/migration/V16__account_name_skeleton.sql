-- Issue 45, finding 6: two names that look alike (a Cyrillic 'е' for a Latin 'e', a Greek 'Ζ' for 'Z') are the same
-- name. name_skeleton is the UTS #39 confusable skeleton of the name's key; the app fills it for older accounts at
-- start (Accounts.fillSkeletons: ICU computes it, SQL cannot), oldest first, leaving it empty for a later account
-- whose skeleton an older one already holds (that account keeps its name and its log-in; nobody can register
-- another one like it).
alter table player_account add column name_skeleton varchar(256);
create unique index player_account_name_skeleton on player_account (name_skeleton);
