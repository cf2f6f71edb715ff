/* rf-dot-private: the cgraph plumbing the DOT back end's files share (rf-dot.c builds
 * net pictures, rf-dot-seq.c sequence diagrams). */
#pragma once

#include <graphviz/cgraph.h>

#include "rf-dot.h"

G_BEGIN_DECLS

/* A new root graph NAME (escaped here) whose objects get IDs in creation order, so that
 * agwrite's output follows creation order; close it with rf_dot_graph_close. */
Agraph_t *rf_dot_graph_open (const char *name);

/* Writes G as DOT text and closes it. Owned. */
char *rf_dot_graph_close (Agraph_t *g);

/* Sets attribute NAME of a graph, node or edge (declared with an empty default, which
 * Graphviz reads as its own default and agwrite leaves out, when not declared yet). */
void rf_dot_set (void *obj, const char *name, const char *value);

/* Appends TEXT to a label so that Graphviz draws it verbatim: '\' doubled, line breaks
 * as the centred-line escape "\n", carriage returns dropped. */
void rf_dot_label_append_text (GString *label, const char *text);

/* "file:line" with the file's base name, or "?" when LOC has no line. */
void rf_dot_label_append_loc (GString *label, RfLoc loc);

/* "race on V: T2 (inc) writes at counter.sml:13 while T3 (inc) reads at counter.sml:12":
 * the racing accesses of RV (unsafe), files by base name. Owned. */
char *rf_dot_race_title (const RfNet *net, const RfRaceVerdict *rv);

G_END_DECLS
