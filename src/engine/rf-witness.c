/* rf-witness: witnesses of coverability and their replay on the net (see rf-witness.h).
 *
 * The replay fires the steps on a dense marking from the witness's initial marking,
 * which must be an instance of the net's initial set (omega places at least their
 * lower bound), and checks the marking reached against the witness's final marking
 * and the target. */
#include "rf-witness.h"

G_DEFINE_QUARK (rf-witness-error-quark, rf_witness_error)

void
rf_witness_free (RfWitness *w)
{
  if (!w)
    return;
  rf_marking_unref (w->initial);
  rf_marking_unref (w->final);
  g_array_unref (w->steps);
  g_free (w);
}

static gboolean
marking_in_net (const RfMarking *m, guint n_places)
{
  return m->n == 0 || m->e[m->n - 1].place < n_places;
}

gboolean
rf_witness_replay (const RfNet *net, const RfWitness *w, const RfMarking *target, GError **error)
{
  guint np = rf_net_n_places (net);
  g_autofree guint32 *dense = g_new0 (guint32, np);
  if (!marking_in_net (w->initial, np) || !marking_in_net (w->final, np) || !marking_in_net (target, np))
    {
      g_set_error (error, RF_WITNESS_ERROR, RF_WITNESS_ERROR_REPLAY, "witness names a place the net does not have");
      return FALSE;
    }
  for (guint i = 0; i < w->initial->n; i++)
    dense[w->initial->e[i].place] = w->initial->e[i].count;
  /* The initial marking must be an instance of the net's initial set. */
  const guint32 *init = rf_net_peek_initial (net);
  const gboolean *omega = rf_net_peek_omega (net);
  for (guint p = 0; p < np; p++)
    if (omega[p] ? dense[p] < init[p] : dense[p] != init[p])
      {
        g_set_error (error, RF_WITNESS_ERROR, RF_WITNESS_ERROR_REPLAY,
                     "witness starts with %u tokens on %s, the net has %u",
                     dense[p], rf_net_get_place (net, p)->name, init[p]);
        return FALSE;
      }
  for (guint i = 0; i < w->steps->len; i++)
    {
      guint ti = g_array_index (w->steps, guint, i);
      if (ti >= rf_net_n_transitions (net))
        {
          g_set_error (error, RF_WITNESS_ERROR, RF_WITNESS_ERROR_REPLAY, "step %u: no transition %u", i + 1, ti);
          return FALSE;
        }
      const RfTransition *t = rf_net_get_transition (net, ti);
      if (!rf_net_transition_fire_dense (t, dense))
        {
          g_set_error (error, RF_WITNESS_ERROR, RF_WITNESS_ERROR_REPLAY, "step %u: transition %s is not enabled",
                       i + 1, t->label ? t->label : "?");
          return FALSE;
        }
    }
  for (guint i = 0; i < w->final->n; i++)
    if (dense[w->final->e[i].place] != w->final->e[i].count)
      {
        g_set_error (error, RF_WITNESS_ERROR, RF_WITNESS_ERROR_REPLAY, "replay does not reach the witness's final marking");
        return FALSE;
      }
  guint64 sum = 0;
  for (guint p = 0; p < np; p++)
    sum += dense[p];
  if (sum != w->final->norm)
    {
      g_set_error (error, RF_WITNESS_ERROR, RF_WITNESS_ERROR_REPLAY, "replay does not reach the witness's final marking");
      return FALSE;
    }
  if (!rf_marking_leq_dense (target, dense, NULL))
    {
      g_set_error (error, RF_WITNESS_ERROR, RF_WITNESS_ERROR_REPLAY, "the final marking does not cover the target");
      return FALSE;
    }
  return TRUE;
}
