-- Binary payloads as plain byte columns on every database: `bytea` on PostgreSQL, `binary varying` on H2
-- (H2 reads `bytea` as that). V1 declared them `blob`; on PostgreSQL that name is a domain over bytea made
-- by db/vendor/postgresql/beforeMigrate.sql, since PostgreSQL has no `blob` type. Hibernate binds Axon's
-- @Lob byte[] the same way (io.duelhall.infra.db.BinaryPayloads), so no large objects (`oid`) anywhere.
-- Portable: ALTER COLUMN ... SET DATA TYPE is standard SQL and runs unchanged on H2 2.x and PostgreSQL.
alter table domain_event_entry alter column payload set data type bytea;
alter table domain_event_entry alter column meta_data set data type bytea;
alter table snapshot_event_entry alter column payload set data type bytea;
alter table snapshot_event_entry alter column meta_data set data type bytea;
alter table token_entry alter column token set data type bytea;
alter table saga_entry alter column serialized_saga set data type bytea;
alter table dead_letter_entry alter column payload set data type bytea;
alter table dead_letter_entry alter column meta_data set data type bytea;
alter table dead_letter_entry alter column token set data type bytea;
alter table dead_letter_entry alter column diagnostics set data type bytea;
