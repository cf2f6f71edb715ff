/* rf-race-shorten: a witness made shorter before it is shown.
 *
 * Approach. The backward search hands back a firing sequence that covers the target,
 * not a shortest one: a thread may go once more around a loop (a read repeated), and
 * a creator's loop may create a thread that never acts. A *cut* removes from the
 * sequence a stretch of one thread's own steps that either starts and ends on the
 * same control place (one way around a loop: the thread stands where it stood) or
 * runs to the thread's last step (the thread stops earlier), together with every step
 * of the threads those steps created. A cut is kept when what remains still fires
 * from the initial marking and still covers the target: it is a witness too, as
 * checked as the first (the caller replays nothing it did not replay here). Longer
 * cuts are tried first, threads in id order; after a kept cut the threads are named
 * again and the search starts over. It ends when no cut is kept, or after
 * RF_RACE_SHORTEN_MAX_REPLAYS replays, so the rule the result meets is: no single cut
 * of this kind can be made (a local minimum, not always the shortest witness). A cut
 * never removes a thread's creation on its own: a thread whose creation the creator's
 * path needs stays created, even when it does not act. */
#include "rf-race.h"

#include <string.h>

/* Whether STEPS less the CUT ones fire from INITIAL and end covering TARGET; DENSE
 * (NP entries) holds the marking reached. */
static gboolean
replays (const RfNet *net, const RfMarking *initial, const GArray *steps, const gboolean *cut,
         const RfMarking *target, guint32 *dense, guint np)
{
  memset (dense, 0, np * sizeof *dense);
  for (guint i = 0; i < initial->n; i++)
    dense[initial->e[i].place] = initial->e[i].count;
  for (guint i = 0; i < steps->len; i++)
    if (!cut[i] && !rf_net_transition_fire_dense (rf_net_get_transition (net, g_array_index (steps, guint, i)), dense))
      return FALSE;
  return rf_marking_leq_dense (target, dense, NULL);
}

/* Marks in CUT every step of thread T of IL and, in turn, of the threads its marked
 * steps created; FROM: T's own steps from the FROM-th (0-based) to the TO-th are cut
 * (all of them for a thread a cut step created). */
static void
mark_cut (const RfInterleaving *il, guint t, guint from, guint to, gboolean *cut)
{
  guint k = 0;
  for (guint i = 0; i < il->steps->len; i++)
    {
      if (g_array_index (il->steps, RfThreadStep, i).thread != t)
        continue;
      if (k >= from && k <= to)
        {
          cut[i] = TRUE;
          for (guint c = 0; c < il->final->len; c++)
            {
              const RfThreadState *st = &g_array_index (il->final, RfThreadState, c);
              if (st->created_step == i + 1)
                mark_cut (il, st->thread, 0, G_MAXUINT, cut);
            }
        }
      k++;
    }
}

/* Tries the cuts of IL's thread T, longest first: TRUE (and W shortened) when one is
 * kept. *BUDGET counts the replays left. */
static gboolean
cut_thread (const RfNet *net, RfWitness *w, const RfMarking *target, const RfInterleaving *il, guint t,
            guint *budget, guint32 *dense, guint np)
{
  g_autoptr (GArray) own = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint i = 0; i < il->steps->len; i++)
    if (g_array_index (il->steps, RfThreadStep, i).thread == t)
      g_array_append_val (own, i);
  guint m = own->len;
  g_autofree gboolean *cut = g_new0 (gboolean, MAX (w->steps->len, 1));
  for (guint len = m; len >= 1; len--)
    for (guint i = 0; i + len <= m; i++)
      {
        guint j = i + len - 1;
        const RfTransition *first = rf_net_get_transition (net, g_array_index (w->steps, guint,
                                                                              g_array_index (own, guint, i)));
        const RfTransition *last = rf_net_get_transition (net, g_array_index (w->steps, guint,
                                                                             g_array_index (own, guint, j)));
        if (j != m - 1 && first->pc_from != last->pc_to)
          continue;
        if (*budget == 0)
          return FALSE;
        (*budget)--;
        memset (cut, 0, w->steps->len * sizeof *cut);
        mark_cut (il, t, i, j, cut);
        if (!replays (net, w->initial, w->steps, cut, target, dense, np))
          continue;
        /* keep it: the steps left, and the marking they reach */
        GArray *kept = g_array_new (FALSE, FALSE, sizeof (guint));
        for (guint k = 0; k < w->steps->len; k++)
          if (!cut[k])
            g_array_append_val (kept, g_array_index (w->steps, guint, k));
        g_array_unref (w->steps);
        w->steps = kept;
        g_autoptr (GArray) tokens = g_array_new (FALSE, FALSE, sizeof (RfToken));
        for (guint p = 0; p < np; p++)
          if (dense[p])
            {
              RfToken tok = { p, dense[p] };
              g_array_append_val (tokens, tok);
            }
        rf_marking_unref (w->final);
        w->final = rf_marking_new ((RfToken *) tokens->data, tokens->len);
        return TRUE;
      }
  return FALSE;
}

void
rf_race_shorten (const RfNet *net, RfWitness *w, const RfMarking *target)
{
  guint np = rf_net_n_places (net);
  g_autofree guint32 *dense = g_new0 (guint32, MAX (np, 1));
  guint budget = RF_RACE_SHORTEN_MAX_REPLAYS;
  for (gboolean again = TRUE; again && budget > 0;)
    {
      again = FALSE;
      g_autoptr (RfInterleaving) il = rf_interleaving_new (net, w);
      for (guint t = 1; t <= il->final->len && !again; t++)
        again = cut_thread (net, w, target, il, t, &budget, dense, np);
    }
}
