/* rf-cover-witness: the witnesses of the backward search, from its chains of nodes.
 *
 * A node whose marking lies below the initial marking gives a firing sequence: its
 * chain of predecessor steps read from the node to its target, fired from the initial
 * marking with the omega places raised to what the node needs. A forward run that meets
 * a basis node is completed with that node's chain. Either may carry steps the target
 * does not need, which witness shortening drops; every witness is then replayed by
 * rf_cover_run before a caller sees it. */
#include "rf-cover-private.h"

#include <string.h>

/* The witness for node N, whose marking lies below the initial marking. */
RfWitness *
cover_witness_from (const RfNet *net, const Node *n)
{
  const guint32 *m0 = rf_net_peek_initial (net);
  const gboolean *omega = rf_net_peek_omega (net);
  guint np = rf_net_n_places (net);
  RfWitness *w = g_new0 (RfWitness, 1);
  GArray *init = g_array_new (FALSE, FALSE, sizeof (RfToken));
  for (guint p = 0; p < np; p++)
    {
      guint32 c = omega[p] ? MAX (rf_marking_get (n->m, p), m0[p]) : m0[p];
      RfToken t = { p, c };
      if (c > 0)
        g_array_append_val (init, t);
    }
  w->initial = rf_marking_new ((RfToken *) init->data, init->len);
  g_array_unref (init);
  w->steps = g_array_new (FALSE, FALSE, sizeof (guint));
  for (; n->parent; n = n->parent)
    g_array_append_val (w->steps, n->via);
  w->target = n->target;

  g_autofree guint32 *dense = g_new0 (guint32, np);
  for (guint i = 0; i < w->initial->n; i++)
    dense[w->initial->e[i].place] = w->initial->e[i].count;
  for (guint i = 0; i < w->steps->len; i++)
    {
      const RfTransition *t = rf_net_get_transition (net, g_array_index (w->steps, guint, i));
      gboolean ok = rf_marking_fire_dense (dense, t->pre, t->n_pre, t->post, t->n_post);
      g_assert (ok); /* by construction of predecessors */
    }
  GArray *fin = g_array_new (FALSE, FALSE, sizeof (RfToken));
  for (guint p = 0; p < np; p++)
    if (dense[p] > 0)
      {
        RfToken t = { p, dense[p] };
        g_array_append_val (fin, t);
      }
  w->final = rf_marking_new ((RfToken *) fin->data, fin->len);
  g_array_unref (fin);
  return w;
}

/* Completes W, a forward firing sequence whose final marking is above node N's, with
 * N's chain of predecessors down to its target. */
void
cover_witness_extend (const RfNet *net, RfWitness *w, const Node *n)
{
  guint np = rf_net_n_places (net);
  for (; n->parent; n = n->parent)
    g_array_append_val (w->steps, n->via);
  w->target = n->target;
  g_autofree guint32 *dense = g_new0 (guint32, np);
  for (guint i = 0; i < w->initial->n; i++)
    dense[w->initial->e[i].place] = w->initial->e[i].count;
  for (guint i = 0; i < w->steps->len; i++)
    {
      const RfTransition *t = rf_net_get_transition (net, g_array_index (w->steps, guint, i));
      gboolean ok = rf_marking_fire_dense (dense, t->pre, t->n_pre, t->post, t->n_post);
      g_assert (ok); /* a forward run, then predecessors from above the node */
    }
  g_autoptr (GArray) fin = g_array_new (FALSE, FALSE, sizeof (RfToken));
  for (guint p = 0; p < np; p++)
    if (dense[p] > 0)
      {
        RfToken t = { p, dense[p] };
        g_array_append_val (fin, t);
      }
  rf_marking_unref (w->final);
  w->final = rf_marking_new ((RfToken *) fin->data, fin->len);
}

/* Largest steps² × places for which witness_shorten works. */
#define SHORTEN_MAX_WORK 100000000

/* Removes steps from W that the rest does not need: last to first, a step goes when
 * the others still fire in order from W's initial marking and end covering TARGET.
 * The best-first search and the meeting of the two searches can leave such steps
 * (a thread created and never used). Updates W->final. */
void
cover_witness_shorten (const RfNet *net, RfWitness *w, const RfMarking *target)
{
  guint np = rf_net_n_places (net);
  if ((guint64) w->steps->len * w->steps->len * (np + 1) > SHORTEN_MAX_WORK)
    return;
  g_autofree guint32 *dense = g_new (guint32, np);
  for (gint skip = (gint) w->steps->len - 1; skip >= 0; skip--)
    {
      memset (dense, 0, sizeof (guint32) * np);
      for (guint i = 0; i < w->initial->n; i++)
        dense[w->initial->e[i].place] = w->initial->e[i].count;
      gboolean ok = TRUE;
      for (guint i = 0; i < w->steps->len && ok; i++)
        {
          if ((gint) i == skip)
            continue;
          const RfTransition *t = rf_net_get_transition (net, g_array_index (w->steps, guint, i));
          ok = rf_marking_fire_dense (dense, t->pre, t->n_pre, t->post, t->n_post);
        }
      if (ok && rf_marking_leq_dense (target, dense, NULL))
        g_array_remove_index (w->steps, skip);
    }
  memset (dense, 0, sizeof (guint32) * np);
  for (guint i = 0; i < w->initial->n; i++)
    dense[w->initial->e[i].place] = w->initial->e[i].count;
  for (guint i = 0; i < w->steps->len; i++)
    {
      const RfTransition *t = rf_net_get_transition (net, g_array_index (w->steps, guint, i));
      gboolean ok = rf_marking_fire_dense (dense, t->pre, t->n_pre, t->post, t->n_post);
      g_assert (ok);
    }
  g_autoptr (GArray) fin = g_array_new (FALSE, FALSE, sizeof (RfToken));
  for (guint p = 0; p < np; p++)
    if (dense[p] > 0)
      {
        RfToken t = { p, dense[p] };
        g_array_append_val (fin, t);
      }
  rf_marking_unref (w->final);
  w->final = rf_marking_new ((RfToken *) fin->data, fin->len);
}
