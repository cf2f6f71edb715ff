/* rf-race-focus: a focused net's witness followed in the whole net (rf-race-focus.h).
 *
 * Approach. Both nets have one control place per visible node of each job and one set
 * of middle places per statement (rf-netbuild.c), and every node visible in the
 * focused net is visible in the whole one (it is the entry or the target of a
 * statement that is not folded). So each control place of the focused net stands for
 * one place of the whole net, found the first time a thread arrives there (`map`; the
 * job entries from the start). A step of thread θ from place P is replayed from map[P]:
 * a breadth-first walk over the whole net's moves that are folded accesses (their
 * transitions put or take a token on another variable's access place: always enabled
 * for the thread, touching nothing the focused net has) finds the nearest place where
 * a transition of the same statement with the same tokens on shared places leaves;
 * the walk's accesses and then that transition are fired. The shared places (locks,
 * semaphores, signals, values, VAR's access places) have the same names in both nets.
 * Every firing is checked on the dense marking, so a step without a counterpart is an
 * error, never a wrong witness; the caller replays the result against its target. */
#include "rf-race-focus.h"

#include <string.h>

/* Moves of the whole net by the place they leave. Invariant: at[start[p] ..
 * start[p + 1]) are the transitions with pc_from == p, ascending. */
typedef struct {
  guint *start;
  guint *at;
} FromIndex;

static void
from_index_init (FromIndex *x, const RfNet *net)
{
  guint np = rf_net_n_places (net), nt = rf_net_n_transitions (net);
  x->start = g_new0 (guint, np + 1);
  x->at = g_new (guint, MAX (nt, 1));
  for (guint t = 0; t < nt; t++)
    {
      gint from = rf_net_get_transition (net, t)->pc_from;
      if (from >= 0)
        x->start[from + 1]++;
    }
  for (guint p = 0; p < np; p++)
    x->start[p + 1] += x->start[p];
  g_autofree guint *next = g_memdup2 (x->start, (np + 1) * sizeof (guint));
  for (guint t = 0; t < nt; t++)
    {
      gint from = rf_net_get_transition (net, t)->pc_from;
      if (from >= 0)
        x->at[next[from]++] = t;
    }
}

static void
from_index_clear (FromIndex *x)
{
  g_free (x->start);
  g_free (x->at);
}

/* TRUE when T (of the whole net) puts or takes a token on the access place of a data
 * var other than VAR: a step of an access the focused net folds. */
static gboolean
folded (const RfNet *net, const RfTransition *t, guint var)
{
  for (guint side = 0; side < 2; side++)
    {
      const RfToken *v = side ? t->post : t->pre;
      guint n = side ? t->n_post : t->n_pre;
      for (guint i = 0; i < n; i++)
        {
          const RfPlace *p = rf_net_get_place (net, v[i].place);
          if ((p->kind == RF_PLACE_READ || p->kind == RF_PLACE_WRITE) && p->var != (gint) var)
            return TRUE;
        }
    }
  return FALSE;
}

/* TRUE when token vectors A (of net NA) and B (of net NB) put the same counts on the
 * same shared places (by name), control places aside. */
static gboolean
same_shared (const RfNet *na, const RfToken *a, guint n_a, const RfNet *nb, const RfToken *b, guint n_b)
{
  guint i = 0, j = 0;
  for (;;)
    {
      while (i < n_a && rf_net_get_place (na, a[i].place)->kind == RF_PLACE_CONTROL)
        i++;
      while (j < n_b && rf_net_get_place (nb, b[j].place)->kind == RF_PLACE_CONTROL)
        j++;
      if (i == n_a || j == n_b)
        return i == n_a && j == n_b;
      /* shared places are made in one order in both nets (var by var), so the sorted
       * vectors list them in one order */
      if (a[i].count != b[j].count
          || strcmp (rf_net_get_place (na, a[i].place)->name, rf_net_get_place (nb, b[j].place)->name) != 0)
        return FALSE;
      i++, j++;
    }
}

/* TRUE when G (of FULL) is the counterpart of F (of FOCUSED): one statement of one
 * job, the same tokens on shared places, a thread created alike. */
static gboolean
counterpart (const RfNet *focused, const RfTransition *f, const RfNet *full, const RfTransition *g)
{
  return g->job == f->job && g->edge == f->edge && f->edge >= 0 && (g->spawn >= 0) == (f->spawn >= 0)
         && (g->pc_to >= 0) == (f->pc_to >= 0)
         && same_shared (focused, f->pre, f->n_pre, full, g->pre, g->n_pre)
         && same_shared (focused, f->post, f->n_post, full, g->post, g->n_post);
}

static RfMarking *
sparse (const guint32 *dense, guint np)
{
  g_autoptr (GArray) toks = g_array_new (FALSE, FALSE, sizeof (RfToken));
  for (guint p = 0; p < np; p++)
    if (dense[p] > 0)
      {
        RfToken t = { p, dense[p] };
        g_array_append_val (toks, t);
      }
  return rf_marking_new ((const RfToken *) toks->data, toks->len);
}

/* Fires transition TI of NET on DENSE and records it in STEPS; FALSE when not enabled. */
static gboolean
fire (const RfNet *net, guint ti, guint32 *dense, GArray *steps)
{
  if (!rf_net_transition_fire_dense (rf_net_get_transition (net, ti), dense))
    return FALSE;
  g_array_append_val (steps, ti);
  return TRUE;
}

RfWitness *
rf_race_focus_expand (const RfNet *focused, const RfNet *full, guint var, const RfWitness *w, GError **error)
{
  guint fp = rf_net_n_places (focused), np = rf_net_n_places (full);
  if (rf_net_n_jobs (focused) != rf_net_n_jobs (full))
    {
      g_set_error (error, RF_WITNESS_ERROR, RF_WITNESS_ERROR_REPLAY, "the nets have different job types");
      return NULL;
    }
  /* map: focused control place -> whole-net place, or -1 while no thread has come */
  g_autofree gint *map = g_new (gint, MAX (fp, 1));
  for (guint p = 0; p < fp; p++)
    map[p] = -1;
  for (guint j = 0; j < rf_net_n_jobs (full); j++)
    map[rf_net_get_job (focused, j)->entry] = rf_net_get_job (full, j)->entry;

  /* the initial marking: the whole net's, each omega entry with the focused witness's
   * count on the same job's entry */
  g_autofree guint32 *dense = g_memdup2 (rf_net_peek_initial (full), MAX (np, 1) * sizeof (guint32));
  const gboolean *omega = rf_net_peek_omega (full);
  for (guint j = 0; j < rf_net_n_jobs (full); j++)
    {
      gint e = rf_net_get_job (full, j)->entry;
      if (omega[e])
        dense[e] = rf_marking_get (w->initial, (guint32) rf_net_get_job (focused, j)->entry);
    }
  g_autoptr (RfMarking) initial = sparse (dense, np);

  FromIndex from;
  from_index_init (&from, full);
  g_autofree guint *stamp = g_new0 (guint, MAX (np, 1));
  g_autofree gint *parent = g_new (gint, MAX (np, 1));   /* the folded move that reached a place */
  g_autoptr (GArray) queue = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr (GArray) path = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr (GArray) steps = g_array_new (FALSE, FALSE, sizeof (guint));
  gboolean ok = TRUE;
  for (guint i = 0; i < w->steps->len && ok; i++)
    {
      const RfTransition *f = rf_net_get_transition (focused, g_array_index (w->steps, guint, i));
      gint start = f->pc_from >= 0 ? map[f->pc_from] : -1;
      gint found = -1;
      if (start >= 0)
        {
          /* breadth first over folded moves from start; stamp i + 1 marks this walk */
          g_array_set_size (queue, 0);
          guint s = (guint) start;
          g_array_append_val (queue, s);
          stamp[s] = i + 1;
          parent[s] = -1;
          for (guint q = 0; q < queue->len && found < 0; q++)
            {
              guint p = g_array_index (queue, guint, q);
              for (guint k = from.start[p]; k < from.start[p + 1] && found < 0; k++)
                {
                  const RfTransition *g = rf_net_get_transition (full, from.at[k]);
                  if (counterpart (focused, f, full, g))
                    found = (gint) from.at[k];
                  else if (g->pc_to >= 0 && stamp[g->pc_to] != i + 1 && folded (full, g, var))
                    {
                      stamp[g->pc_to] = i + 1;
                      parent[g->pc_to] = (gint) from.at[k];
                      guint to = (guint) g->pc_to;
                      g_array_append_val (queue, to);
                    }
                }
            }
        }
      if (found < 0)
        {
          g_set_error (error, RF_WITNESS_ERROR, RF_WITNESS_ERROR_REPLAY, "step %u (%s): no counterpart in the whole net",
                       i + 1, f->label ? f->label : "?");
          ok = FALSE;
          break;
        }
      /* the folded moves from start to where the counterpart leaves, in order */
      const RfTransition *g = rf_net_get_transition (full, (guint) found);
      g_array_set_size (path, 0);
      for (gint p = g->pc_from; parent[p] >= 0; p = rf_net_get_transition (full, (guint) parent[p])->pc_from)
        g_array_prepend_val (path, parent[p]);
      for (guint k = 0; k < path->len && ok; k++)
        ok = fire (full, g_array_index (path, guint, k), dense, steps);
      ok = ok && fire (full, (guint) found, dense, steps);
      if (ok && f->pc_to >= 0)
        {
          ok = map[f->pc_to] < 0 || map[f->pc_to] == g->pc_to;
          map[f->pc_to] = g->pc_to;
        }
      if (ok && f->spawn >= 0)
        ok = map[f->spawn] == g->spawn;
      if (!ok)
        g_set_error (error, RF_WITNESS_ERROR, RF_WITNESS_ERROR_REPLAY, "step %u (%s): the whole net does not follow",
                     i + 1, f->label ? f->label : "?");
    }
  from_index_clear (&from);
  if (!ok)
    return NULL;
  RfWitness *out = g_new0 (RfWitness, 1);
  out->initial = rf_marking_ref (initial);
  out->steps = g_steal_pointer (&steps);
  out->final = sparse (dense, np);
  out->target = 0;
  return out;
}
