import type { Metadata } from "next";
import { currentActor } from "@/lib/auth/current-actor";
import { signedInPerson } from "@/lib/auth/session";
import { listFactors } from "@/lib/factors/list-factors";
import { listSessions } from "@/lib/sessions/list-sessions";
import Link from "next/link";
import { redirectPath } from "@/lib/http/redirect-target";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { formatDate, formatDateTimeShort } from "@/components/ui/format";
import { PageHeader } from "@/components/ui/page-header";
import { Table, Tbody, Td, Th } from "@/components/ui/table";
import { AuthenticatorSetup } from "@/components/settings/security/authenticator";
import { ConfirmButton } from "@/components/settings/security/confirm-button";
import { AddPasskeyForm, RenamePasskeyForm } from "@/components/settings/security/passkeys";
import { RecoveryCodesPanel } from "@/components/settings/security/recovery-codes";
import {
  addPasskey,
  confirmAuthenticator,
  passkeyRegistration,
  regenerateCodes,
  removeAuthenticator,
  removePasskey,
  renamePasskeyAction,
  signOutOtherSessions,
  signOutSession,
  startAuthenticator,
} from "./_actions";

export const metadata: Metadata = { title: "Security" };

// A person's ways to prove it is them (passkeys, an authenticator app, recovery codes) and where they are signed in
// (docs/decisions/036-second-factors.md). Every action is bound here, on the server, to the id it acts on.
// `?enrol=1&next=…`: where a sign-in leads a person whose workspace requires a second factor of everyone (app/(auth)/
// sign-in/continue/page.tsx): what is asked and why, and the way on once they have added one (or to read meanwhile).
export default async function SecurityPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const search = await searchParams;
  const actor = await currentActor("/settings/security");
  const me = await signedInPerson();
  const [factors, sessions] = await Promise.all([
    listFactors(actor.userId),
    listSessions(actor, { currentSessionId: me?.sessionId }),
  ]);
  const hasFactor = factors.passkeys.length > 0 || factors.authenticator !== null;
  const enrolling = search.enrol === "1" ? redirectPath(search.next, "/chat") : null;
  return (
    <>
      <PageHeader
        title="Security"
        description="Passkeys and an authenticator app protect your account beyond your password; recovery codes get you in when you have neither at hand. Below them, every browser signed in as you."
      />
      <div className="space-y-6">
        {enrolling && (
          <div data-testid="enrolment">
            <Alert tone={hasFactor ? "success" : "warning"}>
              {hasFactor ? (
                <>You have a second factor now: you may approve and decide in every workspace of yours. </>
              ) : (
                <>
                  A workspace of yours requires a second factor of everyone. Add a passkey or an authenticator app
                  below: until you do, you can read but not approve or decide.{" "}
                </>
              )}
              <Link href={enrolling} className="font-medium underline">
                {hasFactor ? "Continue" : "Continue without one for now"}
              </Link>
            </Alert>
          </div>
        )}
        <Card aria-labelledby="passkeys-title">
          <CardHeader
            id="passkeys-title"
            title="Passkeys"
            description="Sign in with your fingerprint, face or device PIN instead of a password, or confirm it is you after your password."
          />
          {factors.passkeys.length === 0 ? (
            <EmptyState title="No passkeys yet">Add one below, on this device or in your password manager.</EmptyState>
          ) : (
            <Table label="Passkeys">
              <thead>
                <tr>
                  <Th>Name</Th>
                  <Th>Kind</Th>
                  <Th>Added</Th>
                  <Th>Last used</Th>
                  <Th>
                    <span className="sr-only">Actions</span>
                  </Th>
                </tr>
              </thead>
              <Tbody>
                {factors.passkeys.map((passkey) => (
                  <tr key={passkey.id} data-testid="passkey-row">
                    <Td>
                      <RenamePasskeyForm
                        action={renamePasskeyAction.bind(null, passkey.id)}
                        id={passkey.id}
                        name={passkey.name}
                      />
                    </Td>
                    <Td className="whitespace-nowrap">
                      {passkey.device_type === "multiDevice" ? "Synced" : "This device only"}
                    </Td>
                    <Td className="whitespace-nowrap">{formatDate(passkey.created_at)}</Td>
                    <Td className="whitespace-nowrap">
                      {passkey.last_used_at ? formatDateTimeShort(passkey.last_used_at) : "Never"}
                    </Td>
                    <Td className="text-right">
                      <ConfirmButton
                        action={removePasskey.bind(null, passkey.id)}
                        openText="Remove…"
                        openLabel={`Remove passkey ${passkey.name}`}
                        confirmText="Remove passkey"
                        consequence="It can no longer sign you in"
                      />
                    </Td>
                  </tr>
                ))}
              </Tbody>
            </Table>
          )}
          <CardBody className="border-t border-slate-200">
            <AddPasskeyForm registration={passkeyRegistration} add={addPasskey} />
          </CardBody>
        </Card>

        <Card aria-labelledby="authenticator-title">
          <CardHeader
            id="authenticator-title"
            title="Authenticator app"
            description="A six-digit code from an app such as 1Password, Google Authenticator or Aegis, asked for after your password."
            actions={
              factors.authenticator && (
                <ConfirmButton
                  action={removeAuthenticator}
                  openText="Remove…"
                  openLabel="Remove the authenticator app"
                  confirmText="Remove authenticator"
                  consequence="Sign-ins no longer ask for its codes"
                />
              )
            }
          />
          <CardBody>
            {factors.authenticator ? (
              <p className="text-sm text-slate-700" data-testid="authenticator-on">
                On since {formatDate(factors.authenticator.created_at)}; last used{" "}
                {factors.authenticator.last_used_at ? formatDateTimeShort(factors.authenticator.last_used_at) : "never"}
                .
              </p>
            ) : (
              <AuthenticatorSetup start={startAuthenticator} confirm={confirmAuthenticator} />
            )}
          </CardBody>
        </Card>

        <Card aria-labelledby="recovery-title">
          <CardHeader
            id="recovery-title"
            title="Recovery codes"
            description={
              hasFactor
                ? "Ten codes, each good once, for when your passkeys and authenticator are out of reach."
                : "They are made with your first passkey or authenticator, and matter only once you have one."
            }
          />
          <CardBody>
            <RecoveryCodesPanel left={factors.recovery_codes_left} regenerate={regenerateCodes} />
          </CardBody>
        </Card>

        <Card aria-labelledby="sessions-title">
          <CardHeader
            id="sessions-title"
            title="Where you are signed in"
            description="Sign out a browser you do not recognise or no longer use: its next request is signed out."
            actions={
              sessions.length > 1 && (
                <ConfirmButton
                  action={signOutOtherSessions.bind(null, me?.sessionId ?? "")}
                  openText="Sign out everywhere else…"
                  openLabel="Sign out everywhere else: every other browser"
                  confirmText="Sign out the others"
                  consequence="Every browser but this one is signed out"
                />
              )
            }
          />
          {sessions.length === 0 ? (
            <EmptyState title="No sessions">Sign in again to see this browser here.</EmptyState>
          ) : (
            <Table label="Sessions">
              <thead>
                <tr>
                  <Th>Device</Th>
                  <Th>Address</Th>
                  <Th>Signed in</Th>
                  <Th>Last seen</Th>
                  <Th>
                    <span className="sr-only">Actions</span>
                  </Th>
                </tr>
              </thead>
              <Tbody>
                {sessions.map((session) => (
                  <tr key={session.id} data-testid="session-row">
                    <Td className="whitespace-nowrap">
                      <span className="font-medium text-slate-900">{session.device}</span>
                      {session.current && (
                        <Badge tone="green" className="ml-2">
                          This device
                        </Badge>
                      )}
                    </Td>
                    <Td className="font-mono text-xs whitespace-nowrap">{session.address}</Td>
                    <Td className="whitespace-nowrap">{formatDateTimeShort(session.created_at)}</Td>
                    <Td className="whitespace-nowrap">{formatDateTimeShort(session.last_seen_at)}</Td>
                    <Td className="text-right">
                      <ConfirmButton
                        action={signOutSession.bind(null, session.id)}
                        openText="Sign out…"
                        openLabel={`Sign out ${session.device}${session.current ? " (this device)" : ""}`}
                        confirmText="Sign out"
                        consequence={session.current ? "You are signed out here" : "That browser is signed out"}
                      />
                    </Td>
                  </tr>
                ))}
              </Tbody>
            </Table>
          )}
        </Card>
      </div>
    </>
  );
}
