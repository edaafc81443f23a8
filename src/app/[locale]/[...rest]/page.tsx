import { notFound } from "next/navigation";

// Any path that no route claims renders the localized 404 page.
export default function CatchAllPage() {
  notFound();
}
