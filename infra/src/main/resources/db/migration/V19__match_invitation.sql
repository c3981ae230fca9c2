-- Issue 45, finding 3: a match by invitation (core.InvitationIssued after its opening) is not listed as waiting for
-- anyone. Every match before this version was open for anyone, so false is their truth: no rebuild is needed.
alter table rm_match_summary add column invitation boolean default false not null;
