-- Issue 45, finding 5: a guest seat under a registered player's name showed in that player's history. Each row now
-- says whose seat it was (the account, or none for a guest); the player-history read model is rebuilt from the
-- events at the next start (SeatTaken has carried the account id since identities), as V12 did for match-views.
alter table rm_player_match add column account_id varchar(36);
delete from rm_player_match;
delete from token_entry where processor_name = 'player-history';
