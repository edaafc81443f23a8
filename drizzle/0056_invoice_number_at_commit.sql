-- Invoice numbers taken at commit (issue 19, decision 0280). Since 0006 the issuing transaction took the next number
-- with an upsert on its year's invoice_counters row and held that row's lock through the invoice INSERT (a large
-- jsonb row), the payment event's UPDATE and the COMMIT, each a round trip through a busy server: every payment of the
-- shop queued there (~47 ms a payment in the checkout profile). The invoice or credit note is now inserted without
-- a number, and a deferred constraint trigger numbers it as its transaction commits, as the order counters (0040)
-- and units sold (0055) are counted: the row is locked only while the transaction commits. Still gap-free
-- (decision 0080): the counter is incremented in the issuing transaction, and a rollback — before or during the
-- commit — gives the number back. Every committed invoice has its number; NULL is seen only inside the transaction
-- that issues it.
ALTER TABLE "invoices" ALTER COLUMN "number" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "sequence" DROP NOT NULL;
--> statement-breakpoint
-- The one home of the number's format: 2026-000123 for invoices, R2026-000004 for credit notes (their own series);
-- more than six digits are written whole.
CREATE OR REPLACE FUNCTION vitrina_number_invoice() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  n integer;
BEGIN
  INSERT INTO public.invoice_counters AS c (kind, year, last_number) VALUES (NEW.kind, NEW.year, 1)
  ON CONFLICT (kind, year) DO UPDATE SET last_number = c.last_number + 1
  RETURNING c.last_number INTO n;
  UPDATE public.invoices
  SET sequence = n,
      number = CASE WHEN NEW.kind = 'credit_note' THEN 'R' ELSE '' END || NEW.year || '-' || lpad(n::text, greatest(6, length(n::text)), '0')
  WHERE id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Several documents in one transaction are numbered in the order they were inserted (deferred events fire in order).
-- A payment's invoice is inserted after its status change, so at commit the units sold (0055) are counted before
-- the counter row is locked: the invoice counter is the last lock a payment takes.
CREATE CONSTRAINT TRIGGER invoices_number_at_commit AFTER INSERT ON invoices
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (NEW.sequence IS NULL) EXECUTE FUNCTION vitrina_number_invoice();
