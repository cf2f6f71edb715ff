/* rf-spec: reader of mist `.spec` coverability problems (reentrant flex + pure bison).
 *
 * A `.spec` file declares counters (`vars`), guarded rules, an initial set and a
 * target set (a union of cubes). Counters become places of a plain Petri net: a rule
 * `x >= 2 -> x' = x - 1, y' = y + 1;` becomes a transition with pre {x*2} and post
 * {x, y}. `x >= k` in `init` makes x an omega place (coverability is monotone, so
 * "at least k" and "any number" cover the same markings); `x in [a,b]` in `init` is
 * read as x = b for the same reason. Each target cube `x >= k, y >= j` becomes one
 * marking. Constructs a Petri net cannot express exactly (transfers `x' = x + y`,
 * resets `x' = 0`, guards `x = k` or `x in [a,b]`, targets with `=` or `in`) are
 * reported as located errors, never approximated. Each line of the optional
 * `invariants` section (`x = 1, y = 2`: weights) becomes a claim
 * (rf_net_add_invariant); rf_net_check_invariants keeps those that hold. */
#pragma once

#include <glib.h>
#include "rf-diag.h"
#include "rf-net.h"

G_BEGIN_DECLS

/* Parses TEXT (named FILE in diagnostics). On success returns TRUE with *net_out the
 * net (owned) and *targets_out the target markings (GPtrArray of RfMarking*, owned,
 * with rf_marking_unref as free function, in file order). On failure returns FALSE
 * with both set to NULL and *error set (RF_INPUT_ERROR: SYNTAX, UNSUPPORTED or
 * SEMANTIC, by the first kind found in that order) after reporting every problem to
 * DIAGS, which also receives the source text for caret display. */
gboolean rf_spec_parse (const char *file, const char *text, RfDiags *diags,
                        RfNet **net_out, GPtrArray **targets_out, GError **error);

/* Reads FILE and parses it; an unreadable file is RF_INPUT_ERROR_IO. */
gboolean rf_spec_parse_file (const char *file, RfDiags *diags,
                             RfNet **net_out, GPtrArray **targets_out, GError **error);

G_END_DECLS
