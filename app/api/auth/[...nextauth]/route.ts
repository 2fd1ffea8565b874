import type { NextRequest } from "next/server";
import NextAuth from "next-auth";
import { authOptions } from "@/lib/auth/options";

// next-auth's endpoints for people (sign-in, sign-out, session, CSRF); options are built on the first request.
async function handler(request: NextRequest, context: { params: Promise<{ nextauth: string[] }> }): Promise<Response> {
  return (await NextAuth(request, context, authOptions())) as Response;
}

export { handler as GET, handler as POST };
