import type { NextRequest } from "next/server";
import NextAuth from "next-auth";
import { authOptions } from "@/lib/auth/options";
import { apiHandler } from "@/lib/http/api-handler";
import { notAllowed } from "@/lib/http/not-allowed";

// next-auth's endpoints for people (sign-in, sign-out, session, CSRF); options are built on the first request.
const handler = apiHandler(
  async (request: NextRequest, context: { params: Promise<{ nextauth: string[] }> }): Promise<Response> =>
    (await NextAuth(request, context, authOptions())) as Response,
);

export { handler as GET, handler as POST };
export const { PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET", "POST");
