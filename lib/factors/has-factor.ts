// What counts as having a second factor (docs/decisions/037): a passkey, or an authenticator app confirmed by a code.
// Recovery codes are a way back, not a factor. SQL, for the statements that ask it of the person in `param` ($1, $2).

export const hasFactorSql = (param: string) =>
  `(EXISTS (SELECT 1 FROM passkeys p WHERE p.user_id = ${param})
     OR EXISTS (SELECT 1 FROM totp_factors t WHERE t.user_id = ${param} AND t.confirmed_at IS NOT NULL))`;
