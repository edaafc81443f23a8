-- Embedded PGlite has one session, in the server's own process: every write to the catalog goes through it. There the
-- filters' change feed (`catalog_facet_versions`) also raises a notification when written, so the facet index and the
-- kept searches skip their change-check statement while none came (server/db/catalog-changes.ts, decision 0250).
-- PostgreSQL serves other processes too and NOTIFY serialises commits cluster-wide, so it is raised only in a session
-- that asked for it (`vitrina.catalog_notify`, set by the PGlite client only); PostgreSQL readers still ask each time.
-- A statement that wrote no row (an upsert of nothing) raises nothing.
CREATE OR REPLACE FUNCTION vitrina_catalog_changed_notify() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('vitrina.catalog_notify', true) = 'on' THEN
    IF TG_OP = 'DELETE' THEN
      IF EXISTS (SELECT 1 FROM old_rows) THEN PERFORM pg_notify('vitrina_catalog_changes', ''); END IF;
    ELSIF EXISTS (SELECT 1 FROM new_rows) THEN
      PERFORM pg_notify('vitrina_catalog_changes', '');
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER catalog_facet_versions_inserted_notify AFTER INSERT ON catalog_facet_versions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION vitrina_catalog_changed_notify();
--> statement-breakpoint
CREATE TRIGGER catalog_facet_versions_updated_notify AFTER UPDATE ON catalog_facet_versions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION vitrina_catalog_changed_notify();
--> statement-breakpoint
CREATE TRIGGER catalog_facet_versions_deleted_notify AFTER DELETE ON catalog_facet_versions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION vitrina_catalog_changed_notify();
