"use client";

// Placeholder until the accounts work lands: the header and checkout open it through useAuthDialog().
export function AuthDialog() {
  return null;
}
