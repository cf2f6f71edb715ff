/* rf-program-sml: prints a program model as SML text that rf_sml_parse reads back. */
#pragma once

#include <glib.h>
#include "rf-program.h"

G_BEGIN_DECLS

/* The program as SML (owned): declarations (names mangled to identifiers, the
 * original name in a comment when it differs), then one job per job type, one
 * labelled statement per CFG node, nondeterministic choices as `if (*)`, and each
 * operation followed by a comment with its source location. */
char *rf_program_to_sml (const RfProgram *prog);

G_END_DECLS
