-- Accent- and case-insensitive product search (available in PGlite as contrib extensions and in PostgreSQL 15).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
