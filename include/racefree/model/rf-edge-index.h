/* rf-edge-index: the edges of one job of a program model by node, so that a walk can
 * follow the edges leaving (or entering) a node without scanning every edge of the job.
 * Walks over a job's graph (skip closures, may-analyses to a fixpoint) use it to stay
 * linear in the job's size: a job lowered from a large C program has 10^5 edges. */
#pragma once

#include <glib.h>
#include "rf-program.h"

G_BEGIN_DECLS

typedef struct RfEdgeIndex RfEdgeIndex;

/* The index of JOB's edges as they are now (JOB must not change while it is used). */
RfEdgeIndex *rf_edge_index_new (const RfJob *job);
void rf_edge_index_free (RfEdgeIndex *x);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (RfEdgeIndex, rf_edge_index_free)

/* The indices (into job->edges) of the edges leaving NODE, ascending; *N their count. */
const guint *rf_edge_index_out (const RfEdgeIndex *x, guint node, guint *n);
/* The indices of the edges entering NODE, ascending; *N their count. */
const guint *rf_edge_index_in (const RfEdgeIndex *x, guint node, guint *n);

G_END_DECLS
