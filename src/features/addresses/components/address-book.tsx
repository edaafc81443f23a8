"use client";

import { useState, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "@/i18n/client";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { checkShippingAddress, type AddressField, type AddressFieldErrors } from "../address-schema";
import { deleteAddressAction, saveAddressAction, setDefaultAddressAction, type AddressActionResult } from "../actions";
import type { SavedAddress } from "../service";
import { summarizeAddress } from "../summary";
import { AddressFields, emptyAddress, type AddressValues, type Country } from "./address-fields";

type Editing = { id: number | null; values: AddressValues; makeDefault: boolean } | null;

/**
 * The address book on /profile (docs/product.md#address-book): the saved addresses with Edit, Delete and Make default,
 * and one form for adding or editing. The server checks again and answers per-field messages; the page then refreshes.
 */
export function AddressBook({ addresses, countries }: { addresses: SavedAddress[]; countries: Country[] }) {
  const t = useTranslations("addresses");
  const router = useRouter();
  const [editing, setEditing] = useState<Editing>(null);
  const [errors, setErrors] = useState<AddressFieldErrors>({});
  const [busy, setBusy] = useState(false);
  const codes = countries.map((c) => c.code);

  async function run(action: () => Promise<AddressActionResult>, done: string) {
    setBusy(true);
    try {
      const result = await action();
      if (result.ok) {
        setEditing(null);
        setErrors({});
        toast({ title: done });
        router.refresh();
      } else if (result.reason === "invalid") setErrors(result.fieldErrors);
      else toast({ title: t("errorTitle"), description: t(`errors.${result.reason}`), variant: "destructive" });
    } catch {
      toast({ title: t("errorTitle"), description: t("errors.unexpected"), variant: "destructive" });
    } finally {
      setBusy(false);
    }
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!editing) return;
    const local = checkShippingAddress(editing.values, codes);
    if (!local.ok) return setErrors(local.fieldErrors);
    void run(() => saveAddressAction(editing.id, editing.values, editing.makeDefault), editing.id === null ? t("added") : t("saved"));
  }

  const change = (field: AddressField, value: string) => {
    setEditing((e) => (e ? { ...e, values: { ...e.values, [field]: value } } : e));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  return (
    <div data-testid="address-book">
      {addresses.length === 0 ? <p className="text-sm text-muted-foreground">{t("empty")}</p> : null}
      <ul className="grid gap-3 sm:grid-cols-2">
        {addresses.map((saved) => (
          <li key={saved.id} className="rounded-[var(--radius)] border p-3 text-sm" data-testid="saved-address">
            <p>{summarizeAddress(saved.address)}</p>
            <p className="text-muted-foreground">{saved.address.phone}</p>
            {saved.isDefault ? (
              <p className="mt-1 text-xs font-semibold uppercase tracking-wide" data-testid="default-address">
                {t("default")}
              </p>
            ) : null}
            <div className="mt-2 flex flex-wrap gap-2">
              <Button size="sm" variant="outline" disabled={busy} onClick={() => (setErrors({}), setEditing({ id: saved.id, values: { ...emptyAddress, ...saved.address }, makeDefault: false }))}>
                {t("edit")}
              </Button>
              {saved.isDefault ? null : (
                <Button size="sm" variant="outline" disabled={busy} onClick={() => run(() => setDefaultAddressAction(saved.id), t("defaultSet"))}>
                  {t("makeDefault")}
                </Button>
              )}
              <Button
                size="sm"
                variant="destructive"
                disabled={busy}
                onClick={() => {
                  if (window.confirm(t("confirmDelete"))) void run(() => deleteAddressAction(saved.id), t("deleted"));
                }}
              >
                {t("delete")}
              </Button>
            </div>
          </li>
        ))}
      </ul>
      {editing ? (
        <form onSubmit={submit} noValidate className="mt-4 rounded-[var(--radius)] border p-4" data-testid="address-form">
          <fieldset disabled={busy} className="grid gap-3 sm:grid-cols-2">
            <legend className="mb-1 text-base font-semibold">{editing.id === null ? t("addTitle") : t("editTitle")}</legend>
            <AddressFields idPrefix="book" values={editing.values} errors={errors} countries={countries} onChange={change} />
            <label className="flex items-center gap-2 text-sm sm:col-span-2">
              <input type="checkbox" checked={editing.makeDefault} onChange={(e) => setEditing({ ...editing, makeDefault: e.target.checked })} />
              {t("useAsDefault")}
            </label>
          </fieldset>
          <div className="mt-4 flex gap-2">
            <Button type="submit" disabled={busy}>
              {t("save")}
            </Button>
            <Button variant="outline" disabled={busy} onClick={() => (setEditing(null), setErrors({}))}>
              {t("cancel")}
            </Button>
          </div>
        </form>
      ) : (
        <Button className="mt-4" variant="outline" disabled={busy} onClick={() => setEditing({ id: null, values: emptyAddress, makeDefault: false })}>
          {t("add")}
        </Button>
      )}
    </div>
  );
}
