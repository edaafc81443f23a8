"use client";

/** One choice of a filter: its value, label, count text ("(3)", or "" for none), whether it is checked, and the
 * end of its id when that is not the value. */
export type FilterRow = [value: string, label: string, count: string, checked: boolean, idEnd?: string];

/**
 * The checkbox or radio rows of one filter fieldset (filter-form.tsx). A client component only for the page's weight:
 * React sends a client component's props, not its rendered tree, so each row costs a few values in the payload
 * instead of its markup (HTML weight). It renders the same HTML on the server; the form needs no script.
 */
export function FilterRows({ type, name, idPrefix, rows }: { type: "checkbox" | "radio"; name: string; idPrefix: string; rows: FilterRow[] }) {
  return rows.map(([value, label, count, checked, idEnd]) => {
    const id = `${idPrefix}-${idEnd ?? value}`;
    return (
      <div key={value} className="filter-row">
        <input type={type} id={id} name={name} value={value} defaultChecked={checked} className="size-4" />
        <label htmlFor={id}>
          {label}
          {count ? (
            <>
              {" "}
              <span className="text-muted-foreground">{count}</span>
            </>
          ) : null}
        </label>
      </div>
    );
  });
}
