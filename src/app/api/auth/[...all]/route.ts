import { getAuth } from "@/server/auth";

// better-auth answers every /api/auth/* call; the instance is created on the first request, never at build time.
export const dynamic = "force-dynamic";

export async function GET(request: Request) {
  return (await getAuth()).handler(request);
}

export async function POST(request: Request) {
  return (await getAuth()).handler(request);
}
