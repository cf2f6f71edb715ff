/* rf-edge-index: a job's edges by node, in compressed-row form: one counting pass over
 * the edges gives each node's share, a second fills the rows in edge order (so every row
 * is ascending without a sort). */
#include "rf-edge-index.h"

/* RfEdgeIndex. Invariant: for every node n < n_nodes, out[out_start[n] ..
 * out_start[n + 1]) are the indices of the job's edges with from == n, ascending, and
 * in[in_start[n] .. in_start[n + 1]) those with to == n; out_start[n_nodes] ==
 * in_start[n_nodes] == the number of edges. */
struct RfEdgeIndex {
  guint n_nodes;
  guint *out_start;
  guint *out;
  guint *in_start;
  guint *in;
};

/* Fills START (n_nodes + 1 entries) and ROWS for the end of each edge that BY_TO picks. */
static void
fill_rows (const RfJob *job, guint n_nodes, gboolean by_to, guint *start, guint *rows)
{
  guint ne = job->edges->len;
  for (guint i = 0; i < ne; i++)
    {
      const RfEdge *e = &g_array_index (job->edges, RfEdge, i);
      start[(by_to ? e->to : e->from) + 1]++;
    }
  for (guint n = 0; n < n_nodes; n++)
    start[n + 1] += start[n];
  g_autofree guint *next = g_memdup2 (start, (n_nodes + 1) * sizeof (guint));
  for (guint i = 0; i < ne; i++)
    {
      const RfEdge *e = &g_array_index (job->edges, RfEdge, i);
      rows[next[by_to ? e->to : e->from]++] = i;
    }
}

RfEdgeIndex *
rf_edge_index_new (const RfJob *job)
{
  RfEdgeIndex *x = g_new0 (RfEdgeIndex, 1);
  guint ne = job->edges->len;
  x->n_nodes = job->nodes->len;
  x->out_start = g_new0 (guint, x->n_nodes + 1);
  x->in_start = g_new0 (guint, x->n_nodes + 1);
  x->out = g_new (guint, MAX (ne, 1));
  x->in = g_new (guint, MAX (ne, 1));
  fill_rows (job, x->n_nodes, FALSE, x->out_start, x->out);
  fill_rows (job, x->n_nodes, TRUE, x->in_start, x->in);
  return x;
}

void
rf_edge_index_free (RfEdgeIndex *x)
{
  if (!x)
    return;
  g_free (x->out_start);
  g_free (x->out);
  g_free (x->in_start);
  g_free (x->in);
  g_free (x);
}

const guint *
rf_edge_index_out (const RfEdgeIndex *x, guint node, guint *n)
{
  *n = 0;
  g_return_val_if_fail (node < x->n_nodes, NULL);
  *n = x->out_start[node + 1] - x->out_start[node];
  return x->out + x->out_start[node];
}

const guint *
rf_edge_index_in (const RfEdgeIndex *x, guint node, guint *n)
{
  *n = 0;
  g_return_val_if_fail (node < x->n_nodes, NULL);
  *n = x->in_start[node + 1] - x->in_start[node];
  return x->in + x->in_start[node];
}
