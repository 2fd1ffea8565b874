import { z } from "zod";
import { plainText } from "./common";

// A contact's details as people edit them (the chat's contact page, lib/contacts/update-contact.ts). Empty email
// or phone means none. Do-not-contact and sensitivity have their own doors (they change what bots may do).

const optional = (schema: z.ZodType<string, string>) =>
  plainText()
    .trim()
    .transform((value) => value || null)
    .pipe(schema.nullable());

export const ContactDetails = z.strictObject({
  name: plainText().trim().min(1, "A contact needs a name").max(200, "A name has at most 200 characters"),
  email: optional(z.email("That email address does not look right").max(320, "An email address has at most 320 characters")),
  phone: optional(
    z
      .string()
      .max(40, "A phone number has at most 40 characters")
      .regex(/^\+?[0-9 ().-]+$/, "A phone number has digits, spaces and + ( ) - . only"),
  ),
});
export type ContactDetailsInput = z.input<typeof ContactDetails>;
