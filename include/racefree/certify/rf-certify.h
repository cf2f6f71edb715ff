/* rf-certify: checks a proof certificate (docs/certificates.md), `racefree verify-cert`.
 *
 * The checker reads the certificate's net and proofs itself and checks each proof's
 * inductive invariant against that net. It shares no code with the engine, the net
 * builder or the front ends (it builds on the support stage alone: reading a file and
 * writing output), so that a mistake there cannot make it accept a wrong proof; it is
 * meant to be read in one sitting. */
#pragma once

#include <glib.h>
#include "rf-out.h"

G_BEGIN_DECLS

/* Exit statuses of rf_certify_check. */
enum {
  RF_CERTIFY_VALID = 0,    /* every proof holds */
  RF_CERTIFY_INVALID = 1,  /* a malformed certificate, or a proof that fails a check */
  RF_CERTIFY_UNREADABLE = 2,
};

/* Checks the certificate TEXT (LEN bytes) read from FILE (the name used in messages).
 * Writes one line per proof ("NAME: valid: ...", "NAME: INVALID") and per verdict the
 * certificate lists as not certified, then a summary, to OUT; each failed check as
 * "FILE:LINE: error: ..." to ERR, LINE that of the line stating what failed. Returns
 * RF_CERTIFY_VALID or RF_CERTIFY_INVALID. */
int rf_certify_check (const char *file, const char *text, gsize len, RfOut *out, RfOut *err);

/* rf_certify_check on the contents of FILE; RF_CERTIFY_UNREADABLE after a message in
 * ERR when it cannot be read. */
int rf_certify_check_file (const char *file, RfOut *out, RfOut *err);

G_END_DECLS
