-- PostgreSQL only (Flyway location db/vendor/{vendor}), before every migrate; idempotent.
-- V1__axon.sql was written for H2 with `blob` columns, and an applied migration is never edited. PostgreSQL
-- has no `blob` type, so here `blob` is a domain over bytea: V1 then runs unchanged, and V6 turns those
-- columns into plain bytea.
do $$
begin
    if to_regtype('blob') is null then
        create domain blob as bytea;
    end if;
end
$$;
