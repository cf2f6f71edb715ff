/* rf-report-cert: the proof certificate of a check, for `--certificate FILE`.
 *
 * A certificate (format: docs/certificates.md) states the net, and for each safe verdict
 * the inductive invariant that proves it: the targets, the final basis of minimal
 * markings, and what excluded the markings the search dropped (unmarkable places,
 * P-invariants, Farkas inequalities of the state equation). `racefree verify-cert`
 * checks it with code of its own (rf-certify.h). Verdicts without a proof (a race, an
 * unsafe net, a search out of budget) are listed as not certified. */
#pragma once

#include <glib.h>
#include "rf-check-result.h"

G_BEGIN_DECLS

/* Appends the certificate of RES, a race check or a coverability check whose searches
 * ran with RfCoverBudget.certify, to OUT. */
void rf_report_cert (const RfCheckResult *res, GString *out);

/* Appends the certificate of one search R on NET (run with certify), its proof named
 * NAME, to OUT. For tests that run the engine themselves. */
void rf_report_cert_search (const RfNet *net, const char *name, const RfCoverResult *r, GString *out);

G_END_DECLS
