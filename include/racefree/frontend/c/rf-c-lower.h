/* rf-c-lower: the C front end, second stage: a parsed C unit lowered to the program model.
 *
 * Threads become job types (main, every pthread_create start routine, or in module
 * mode every entry function), calls to functions with bodies are inlined, conditions
 * become nondeterministic branches, and every read and write of a shared object
 * (global, static local, escaped local, heap allocation site, struct field, array) is
 * an access of a data variable named as the user would name it. Accesses through
 * pointers use a whole-program points-to analysis where its answer is complete, else
 * a sound type-based over-approximation. Every approximation that may
 * add behaviour is reported as a located warning; constructs that cannot be
 * over-approximated soundly are located errors. */
#pragma once

#include <glib.h>
#include "rf-diag.h"
#include "rf-c.h"
#include "rf-program.h"

G_BEGIN_DECLS

/* RfCLowerOptions: entries: --entry function names (NULL-terminated or NULL: every
 * non-static function with a body in module mode); init: --init function or NULL;
 * no_library_state: --no-library-state, calls of library functions do not access
 * their hidden state (rand's seed, localtime's buffer...: see docs/c-library.md);
 * inline_budget: --inline-budget, the estimated size of a thread's model (statements
 * and expressions) past which functions are shared (docs/c-model.md, Programs too
 * large to inline), 0 for the default. Strings borrowed. */
typedef struct {
  const char *const *entries;
  const char *init;
  gboolean no_library_state;
  gint inline_budget;
} RfCLowerOptions;

/* Lowers UNIT. Warnings and errors go to DIAGS. Returns the program (owned), or NULL
 * with *error set (RF_INPUT_ERROR_UNSUPPORTED or RF_INPUT_ERROR_SEMANTIC) when any
 * error was reported. OPTS may be NULL. */
RfProgram *rf_c_lower (const RfCUnit *unit, const RfCLowerOptions *opts,
                       RfDiags *diags, GError **error);

G_END_DECLS
