/* rf-dot: pictures of nets and race witnesses as Graphviz DOT, built with libcgraph
 * (the only module that includes it), and rendered in-process with gvc.
 *
 * Net pictures: job types are clusters labelled with the job name; control places are
 * labelled with their source line; shared places (locks, Read/Write, signals) are
 * drawn as distinct shapes outside every cluster; transitions are boxes labelled with
 * their statement. A slice (rf-slice.h) draws only the part relevant to one variable.
 * Witness pictures: the slice of the raced variable with the witness's transitions
 * numbered in firing order and the final marking's tokens in the places; and a
 * sequence diagram with one lane per thread. Output is deterministic: objects are
 * created in id order, so the same input gives byte-identical DOT. Every function
 * returns owned text; rf_dot_render turns any of them into svg, png or pdf. */
#pragma once

#include <glib.h>
#include "rf-net.h"
#include "rf-deadlock.h"
#include "rf-race.h"

G_BEGIN_DECLS

/* The DOT text of NET (owned). */
char *rf_dot_net_to_string (const RfNet *net, const char *graph_name);

/* The DOT text of the slice of NET for data variable VAR (rf_net_slice_new), titled
 * "slice for VAR_NAME" (owned). */
char *rf_dot_net_slice_to_string (const RfNet *net, guint var, const char *var_name, const char *graph_name);

/* The net picture of the race witness RV (a race verdict of a check: its racing accesses
 * are read from it, not worked out again; its result must be RF_COVER_UNSAFE): the slice
 * of RV's variable plus every transition the witness fires, each fired transition
 * labelled with its step numbers ("3: read counter (begin)", "1, 2: create inc"), the
 * racing accesses' begin transitions highlighted, and the final marking's tokens drawn
 * in the places instead of the initial ones (owned). */
char *rf_dot_witness_net_to_string (const RfNet *net, const RfRaceVerdict *rv, const char *graph_name);
/* The same picture of only the part of NET the witness touches: the transitions it
 * fires, their control places, the lock and signal places they touch, and the raced
 * variable's Read/Write places they touch; its size grows with the witness, not with
 * the program (the HTML report's picture). Owned. */
char *rf_dot_witness_touched_to_string (const RfNet *net, const RfRaceVerdict *rv, const char *graph_name);

/* The sequence diagram of the race witness RV (a race verdict): one lane per thread (T1, T2,
 * ... left to right), one row per step with a box in the lane of the thread that takes
 * it, a dashed arrow from each create step to the lane of the thread it starts, a last
 * row with where each thread stands, and the racing accesses highlighted (owned). */
char *rf_dot_witness_sequence_to_string (const RfNet *net, const RfRaceVerdict *rv, const char *graph_name);

/* The sequence diagram of deadlock verdict DV of PROG (status RF_DEADLOCK_FOUND) as for a
 * race, titled with the question and what each thread holds and waits for, each
 * thread's lock of what it holds and the stuck threads' last row highlighted (owned). */
char *rf_dot_deadlock_sequence_to_string (const RfProgram *prog, const RfNet *net, const RfDeadlockVerdict *dv,
                                          const char *graph_name);

/* TRUE for the formats rf_dot_render lays out and renders: svg, png, pdf. */
gboolean rf_dot_format_is_rendered (const char *format);

/* TRUE for every picture format: dot, svg, png, pdf. */
gboolean rf_dot_format_is_known (const char *format);

/* DOT text in FORMAT: "dot" gives the text itself; svg, png and pdf are laid out with
 * Graphviz's dot layout and rendered by its own library (gvc, no subprocess), with
 * the objects numbered in the order the text names them, so that the same text gives
 * the same picture in any run (with the same Graphviz and fonts). NULL with *error
 * set when the text does not parse or Graphviz fails. */
GBytes *rf_dot_render (const char *dot, const char *format, GError **error);

/* rf_dot_render of rf_dot_net_to_string, for svg, png, pdf. */
GBytes *rf_dot_net_render (const RfNet *net, const char *graph_name, const char *format, GError **error);

G_END_DECLS
