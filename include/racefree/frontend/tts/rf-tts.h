/* rf-tts: reader of bfc thread-transition systems (`.tts` plus a `.prop` target).
 *
 * A `.tts` file starts with `S L` (numbers of shared and local states), then one rule
 * per line: `s l -> s' l'` (a thread in local state l moves to l' while the shared
 * state goes from s to s') or `s l +> s' l'` (the same, but the thread stays in l and
 * a new thread appears in l'). `#` starts a comment. The net has one place per shared
 * state, `s0`..`s<S-1>` (ids 0..S-1), holding one token in total (initially on s0),
 * and one per local state, `l0`..`l<L-1>` (ids S..S+L-1), counting threads (any
 * number initially on l0: omega). A rule becomes the transition
 * pre {s, l} post {s', l'} (or {s', l, l'} for +>). Transfers `s l ~> s' l'` (every
 * thread in l moves) are not Petri-net rules and are reported as errors.
 *
 * The `.prop` file holds target lines `s|l1,l2,...`: shared state s with at least
 * that multiset of threads (the marking {s, l1, l2, ...}, repeats adding up). Every
 * line is one target; their union is the bad set. */
#pragma once

#include <glib.h>
#include "rf-diag.h"
#include "rf-net.h"

G_BEGIN_DECLS

/* Parses TEXT (the `.tts`, named FILE in diagnostics) and PROP_TEXT (the `.prop`,
 * named PROP_FILE; NULL means FILE + ".prop"). PROP_TEXT NULL is an error (no
 * target). On success returns TRUE with *net_out the net (owned) and *targets_out
 * the targets (GPtrArray of RfMarking*, owned, rf_marking_unref as free function,
 * in file order). On failure returns FALSE with both NULL and *error set
 * (RF_INPUT_ERROR: SYNTAX, UNSUPPORTED or SEMANTIC, the first kind found in that
 * order) after reporting every problem to DIAGS, which also receives both texts. */
gboolean rf_tts_parse (const char *file, const char *text,
                       const char *prop_file, const char *prop_text, RfDiags *diags,
                       RfNet **net_out, GPtrArray **targets_out, GError **error);

/* Reads FILE and its property file and parses them. PROP_FILE NULL means: FILE +
 * ".prop" if that exists (bug_tracking: X.spec.tts.prop), else FILE with its `.tts`
 * extension replaced by `.prop` (Wahl-Kroening: main.tts, main.prop). An unreadable
 * FILE is RF_INPUT_ERROR_IO; an unreadable property file is reported to DIAGS (at
 * FILE) and gives RF_INPUT_ERROR_IO too. */
gboolean rf_tts_parse_files (const char *file, const char *prop_file, RfDiags *diags,
                             RfNet **net_out, GPtrArray **targets_out, GError **error);

/* The property file rf_tts_parse_files reads for FILE when given none. Owned. */
char *rf_tts_default_prop_file (const char *file);

G_END_DECLS
