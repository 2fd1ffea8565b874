import { disconnectDb, db } from "@/lib/db/client";
import { prepareDatabase } from "@/lib/db/setup";
import { pushToPerson } from "@/lib/notifications/push/push-to-person";

// `npx tsx e2e/push-to-person-process.ts EMAIL PAYLOAD_JSON`, with the e2e server's DATA_DIR: pushToPerson as the
// server's job would run it, on the server's database and with its VAPID key file, as its own process (as the CLI
// is). Prints the outcome as JSON. The end-to-end test of Web Push uses it: no part of the app sends a push by itself
// on this branch (who is told what is the notification core's).

async function main(email: string | undefined, payload: string | undefined) {
  if (!email || !payload) throw new Error("usage: push-to-person-process.ts EMAIL PAYLOAD_JSON");
  await prepareDatabase();
  const user = await db().user.findUniqueOrThrow({ where: { email } });
  console.log(JSON.stringify(await pushToPerson(user.id, JSON.parse(payload))));
}

main(process.argv[2], process.argv[3])
  .finally(() => disconnectDb().catch(() => {}))
  .then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
