/* rf-race: race queries per data variable, witnesses as interleavings of threads, and
 * the racing accesses of each race, worked out once for every report. */
#include "rf-race.h"
#include "rf-netbuild.h"
#include "rf-race-focus.h"

/* The race targets. Read_v holds one token per thread in the middle of a read of v
 * (each begin transition moves a thread to its access place and puts a token on Read_v,
 * each end transition takes both back), Write_v alike. So {Write_v*2} and {Read_v,
 * Write_v} are covered exactly when two threads are on access places of v at once, one
 * of them a write: covering one of the pairs {pa, pb} ({pa*2} when pa = pb) of such
 * places. The pairs an rwlock claim excludes (both threads would hold one rwlock, one
 * of them for writing) cannot occur in the program, so when some pair is excluded the
 * targets are the other pairs; else the two markings above, which say the same. A
 * real race is two threads at such places in a state of the program; the net reaches
 * a marking with them there too (it keeps every run), and the pair is not excluded
 * (the claims hold in every run), so it is a target: no race is lost.
 * A reset (joinall: the threads of a job type have ended) empties the access places
 * of those threads but not Read_v and Write_v, which would keep their tokens: when
 * some transition empties an access place of v, the targets are the pairs too. */
GPtrArray *
rf_race_targets (const RfNet *net, guint var)
{
  GPtrArray *targets = g_ptr_array_new_with_free_func ((GDestroyNotify) rf_marking_unref);
  gint r = rf_net_find_var_place (net, RF_PLACE_READ, var);
  gint w = rf_net_find_var_place (net, RF_PLACE_WRITE, var);
  g_return_val_if_fail (r >= 0 && w >= 0, targets);
  g_autoptr (GArray) acc = rf_race_access_places (net, var);
  gboolean emptied = FALSE;
  for (guint ti = 0; ti < rf_net_n_transitions (net) && !emptied; ti++)
    {
      const RfTransition *t = rf_net_get_transition (net, ti);
      for (guint i = 0; i < t->n_resets && !emptied; i++)
        for (guint a = 0; a < acc->len && !emptied; a++)
          emptied = g_array_index (acc, RfAccessPlace, a).place == t->resets[i];
    }
  if (rf_net_n_rwlock_claims (net) > 0 || emptied)
    {
      gboolean excluded = FALSE;
      for (guint a = 0; a < acc->len; a++)
        for (guint b = a; b < acc->len; b++)
          {
            const RfAccessPlace *pa = &g_array_index (acc, RfAccessPlace, a);
            const RfAccessPlace *pb = &g_array_index (acc, RfAccessPlace, b);
            if (!pa->write && !pb->write)
              continue;
            if (rf_net_rwlock_excludes (net, pa->place, pb->place))
              {
                excluded = TRUE;
                continue;
              }
            RfToken pair[2] = { { pa->place, a == b ? 2 : 1 }, { pb->place, 1 } };
            g_ptr_array_add (targets, rf_marking_new (pair, a == b ? 1 : 2));
          }
      if (excluded || emptied)
        return targets;
      g_ptr_array_set_size (targets, 0);
    }
  RfToken ww = { w, 2 };
  RfToken rw[2] = { { r, 1 }, { w, 1 } };
  g_ptr_array_add (targets, rf_marking_new (&ww, 1));
  g_ptr_array_add (targets, rf_marking_new (rw, 2));
  return targets;
}

void
rf_interleaving_free (RfInterleaving *il)
{
  if (!il)
    return;
  g_array_unref (il->steps);
  g_array_unref (il->final);
  g_free (il);
}

/* Tracking: where each token of a control place belongs. named[p] lists the threads
 * on place p (ids, in arrival order); anon[p] counts initial threads on p that have
 * not moved yet and so have no name. Invariant: |named[p]| + anon[p] == tokens on p. */
typedef struct {
  GQueue **named;
  guint32 *anon;
  GArray *where;   /* guint place per thread id - 1 */
  GArray *job;     /* gint job per thread id - 1 */
  GArray *ended;   /* gboolean per thread id - 1: emptied from its place by a reset */
  GArray *creator; /* guint per thread id - 1: the creating thread, 0 for an initial one */
  GArray *created; /* guint per thread id - 1: the creating step (1-based), 0 likewise */
} Tracking;

/* A new thread on PLACE, of job JOB, created by thread CREATOR at step STEP (0, 0: a
 * thread there from the start). */
static guint
new_thread (Tracking *tr, guint place, gint job, guint creator, guint step)
{
  gboolean no = FALSE;
  g_array_append_val (tr->where, place);
  g_array_append_val (tr->job, job);
  g_array_append_val (tr->ended, no);
  g_array_append_val (tr->creator, creator);
  g_array_append_val (tr->created, step);
  return tr->where->len;
}

RfInterleaving *
rf_interleaving_new (const RfNet *net, const RfWitness *w)
{
  guint np = rf_net_n_places (net);
  Tracking tr;
  tr.named = g_new0 (GQueue *, np);
  tr.anon = g_new0 (guint32, np);
  tr.where = g_array_new (FALSE, FALSE, sizeof (guint));
  tr.job = g_array_new (FALSE, FALSE, sizeof (gint));
  tr.ended = g_array_new (FALSE, FALSE, sizeof (gboolean));
  tr.creator = g_array_new (FALSE, FALSE, sizeof (guint));
  tr.created = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint p = 0; p < np; p++)
    tr.named[p] = g_queue_new ();
  for (guint i = 0; i < w->initial->n; i++)
    if (rf_net_get_place (net, w->initial->e[i].place)->kind == RF_PLACE_CONTROL)
      tr.anon[w->initial->e[i].place] = w->initial->e[i].count;

  RfInterleaving *il = g_new0 (RfInterleaving, 1);
  il->steps = g_array_new (FALSE, FALSE, sizeof (RfThreadStep));
  il->final = g_array_new (FALSE, FALSE, sizeof (RfThreadState));
  for (guint i = 0; i < w->steps->len; i++)
    {
      guint ti = g_array_index (w->steps, guint, i);
      const RfTransition *t = rf_net_get_transition (net, ti);
      RfThreadStep step = { 0, t->job, ti };
      if (t->pc_from >= 0)
        {
          guint from = t->pc_from;
          if (!g_queue_is_empty (tr.named[from]))
            step.thread = GPOINTER_TO_UINT (g_queue_pop_head (tr.named[from]));
          else
            {
              g_assert (tr.anon[from] > 0);
              tr.anon[from]--;
              step.thread = new_thread (&tr, from, t->job, 0, 0);
            }
        }
      /* the inputs are taken, then the reset places emptied: their threads end */
      for (guint r = 0; r < t->n_resets; r++)
        {
          guint p = t->resets[r];
          while (!g_queue_is_empty (tr.named[p]))
            g_array_index (tr.ended, gboolean, GPOINTER_TO_UINT (g_queue_pop_head (tr.named[p])) - 1) = TRUE;
          tr.anon[p] = 0;
        }
      if (t->pc_from >= 0 && t->pc_to >= 0)
        {
          g_queue_push_tail (tr.named[t->pc_to], GUINT_TO_POINTER (step.thread));
          g_array_index (tr.where, guint, step.thread - 1) = t->pc_to;
        }
      if (t->spawn >= 0)
        {
          const RfPlace *entry = rf_net_get_place (net, t->spawn);
          guint id = new_thread (&tr, t->spawn, entry->job, step.thread, i + 1);
          g_queue_push_tail (tr.named[t->spawn], GUINT_TO_POINTER (id));
        }
      g_array_append_val (il->steps, step);
    }
  for (guint id = 1; id <= tr.where->len; id++)
    {
      RfThreadState st = { id, g_array_index (tr.job, gint, id - 1), g_array_index (tr.where, guint, id - 1),
                           g_array_index (tr.ended, gboolean, id - 1), g_array_index (tr.creator, guint, id - 1),
                           g_array_index (tr.created, guint, id - 1) };
      g_array_append_val (il->final, st);
    }

  for (guint p = 0; p < np; p++)
    g_queue_free (tr.named[p]);
  g_free (tr.named);
  g_free (tr.anon);
  g_array_unref (tr.where);
  g_array_unref (tr.job);
  g_array_unref (tr.ended);
  g_array_unref (tr.creator);
  g_array_unref (tr.created);
  return il;
}

/* The place of kind READ or WRITE of VAR that transition T puts a token on, or -1. */
static gint
access_place_of (const RfNet *net, const RfTransition *t, guint var)
{
  for (guint i = 0; i < t->n_post; i++)
    {
      const RfPlace *p = rf_net_get_place (net, t->post[i].place);
      if ((p->kind == RF_PLACE_READ || p->kind == RF_PLACE_WRITE) && p->var == (gint) var)
        return p->id;
    }
  return -1;
}

static gint
compare_uint (gconstpointer a, gconstpointer b)
{
  guint x = *(const guint *) a, y = *(const guint *) b;
  return x < y ? -1 : x > y;
}

static gint
compare_held (gconstpointer a, gconstpointer b)
{
  return compare_uint (&((const RfHeld *) a)->var, &((const RfHeld *) b)->var);
}

/* The tokens transition T puts on place P minus those it takes (a reset empties P:
 * counted as taking one). */
static gint
token_change (const RfTransition *t, guint p)
{
  gint d = 0;
  for (guint k = 0; k < t->n_pre; k++)
    if (t->pre[k].place == p)
      d -= (gint) t->pre[k].count;
  for (guint k = 0; k < t->n_post; k++)
    if (t->post[k].place == p)
      d += (gint) t->post[k].count;
  for (guint k = 0; k < t->n_resets; k++)
    if (t->resets[k] == p)
      d = MIN (d, -1);
  return d;
}

GArray *
rf_interleaving_held (const RfNet *net, const RfInterleaving *il, guint thread, guint upto)
{
  g_autoptr (GHashTable) held = g_hash_table_new (NULL, NULL);   /* var id -> times taken */
  for (guint i = 0; i < il->steps->len && i < upto; i++)
    {
      const RfThreadStep *s = &g_array_index (il->steps, RfThreadStep, i);
      if (s->thread != thread)
        continue;
      const RfTransition *t = rf_net_get_transition (net, s->transition);
      /* each lock place among the inputs and the outputs, once */
      for (guint k = 0; k < t->n_pre + t->n_post; k++)
        {
          guint p = k < t->n_pre ? t->pre[k].place : t->post[k - t->n_pre].place;
          gboolean seen = FALSE;
          for (guint q = 0; k >= t->n_pre && q < t->n_pre; q++)
            seen |= t->pre[q].place == p;
          if (seen)
            continue;   /* an input too: seen among the inputs */
          const RfPlace *pl = rf_net_get_place (net, p);
          if ((pl->kind != RF_PLACE_LOCK && pl->kind != RF_PLACE_RWLOCK) || pl->var < 0)
            continue;
          gint d = token_change (t, p);
          gpointer key = GINT_TO_POINTER (pl->var);
          guint n = GPOINTER_TO_UINT (g_hash_table_lookup (held, key));
          if (d < 0)
            g_hash_table_insert (held, key, GUINT_TO_POINTER (n + 1));
          else if (d > 0 && n > 0)
            g_hash_table_insert (held, key, GUINT_TO_POINTER (n - 1));
        }
    }
  GArray *out = g_array_new (FALSE, FALSE, sizeof (RfHeld));
  GHashTableIter it;
  gpointer key, value;
  g_hash_table_iter_init (&it, held);
  while (g_hash_table_iter_next (&it, &key, &value))
    if (GPOINTER_TO_UINT (value) > 0)
      {
        RfHeld h = { GPOINTER_TO_UINT (key), FALSE };
        g_array_append_val (out, h);
      }
  /* read holds: the claims about the thread's control place after its last step */
  gint place = -1;
  for (guint i = 0; i < il->steps->len && i < upto; i++)
    {
      const RfThreadStep *s = &g_array_index (il->steps, RfThreadStep, i);
      if (s->thread == thread)
        place = rf_net_get_transition (net, s->transition)->pc_to;
    }
  for (guint k = 0; place >= 0 && k < rf_net_n_rwlock_claims (net); k++)
    {
      gint var = rf_net_get_place (net, rf_net_get_rwlock_claim_lock (net, k))->var;
      RfHeld h = { (guint) var, TRUE };
      gboolean seen = var < 0;
      for (guint i = 0; i < out->len && !seen; i++)
        seen = g_array_index (out, RfHeld, i).var == h.var;
      if (!seen && rf_net_get_rwlock_hold (net, k, (guint) place) == RF_HOLD_READ)
        g_array_append_val (out, h);
    }
  g_array_sort (out, compare_held);
  return out;
}

static void
race_site_clear (gpointer p)
{
  RfRaceSite *site = p;
  g_clear_pointer (&site->why, g_ptr_array_unref);
  g_clear_pointer (&site->held, g_array_unref);
}

GArray *
rf_race_sites (const RfProgram *prog, const RfNet *net, guint var, const RfInterleaving *il,
               const RfMarking *target)
{
  GArray *sites = g_array_new (FALSE, FALSE, sizeof (RfRaceSite));
  g_array_set_clear_func (sites, race_site_clear);
  g_return_val_if_fail (il != NULL, sites);
  /* A target made of control places (see rf_race_targets) names the racing threads'
   * places: only threads there, as many as it asks for, race; others may be in an
   * access of the variable too, but in a pair the target leaves out. */
  g_autoptr (GHashTable) wanted = NULL;
  for (guint i = 0; target && i < target->n; i++)
    if (rf_net_get_place (net, target->e[i].place)->kind == RF_PLACE_CONTROL)
      {
        if (!wanted)
          wanted = g_hash_table_new (NULL, NULL);
        g_hash_table_insert (wanted, GUINT_TO_POINTER (target->e[i].place),
                             GUINT_TO_POINTER (target->e[i].count));
      }
  for (guint k = 0; k < il->final->len; k++)
    {
      const RfThreadState *st = &g_array_index (il->final, RfThreadState, k);
      if (st->ended)
        continue;  /* gone: in no access */
      if (wanted)
        {
          guint left = GPOINTER_TO_UINT (g_hash_table_lookup (wanted, GUINT_TO_POINTER (st->place)));
          if (left == 0)
            continue;
          g_hash_table_insert (wanted, GUINT_TO_POINTER (st->place), GUINT_TO_POINTER (left - 1));
        }
      const RfTransition *last = NULL;
      guint last_step = 0;
      for (guint i = 0; i < il->steps->len; i++)
        {
          const RfThreadStep *s = &g_array_index (il->steps, RfThreadStep, i);
          if (s->thread == st->thread)
            {
              last = rf_net_get_transition (net, s->transition);
              last_step = i + 1;
            }
        }
      gint acc = last ? access_place_of (net, last, var) : -1;
      if (acc < 0)
        continue;
      RfRaceSite site = { st->thread, st->job, rf_net_get_place (net, acc)->kind == RF_PLACE_WRITE,
                          last->loc, last_step, g_ptr_array_new_with_free_func (g_free),
                          rf_interleaving_held (net, il, st->thread, il->steps->len) };
      g_autoptr (GPtrArray) at = prog ? rf_program_notes_at (prog, var, last->loc) : NULL;
      for (guint n = 0; at && n < at->len; n++)
        g_ptr_array_add (site.why, g_strdup (g_ptr_array_index (at, n)));
      g_array_append_val (sites, site);
    }
  return sites;
}

void
rf_race_verdict_free (RfRaceVerdict *v)
{
  if (!v)
    return;
  g_free (v->name);
  g_clear_pointer (&v->target, rf_marking_unref);
  rf_cover_result_free (v->result);
  rf_interleaving_free (v->interleaving);
  g_clear_pointer (&v->sites, g_array_unref);
  g_clear_pointer (&v->notes, g_ptr_array_unref);
  g_clear_pointer (&v->pairs, g_array_unref);
  g_free (v->argument);
  g_free (v);
}

/* What every report says of the race RV: its sites, the lead one and the notes. */
static void
describe_race (const RfProgram *prog, const RfNet *net, RfRaceVerdict *rv)
{
  rv->sites = rf_race_sites (prog, net, rv->var, rv->interleaving, rv->target);
  rv->lead = 0;
  for (guint k = rv->sites->len; k-- > 0;)
    if (g_array_index (rv->sites, RfRaceSite, k).write)
      rv->lead = k;   /* the first write, else 0 */
  rv->notes = g_ptr_array_new_with_free_func (g_free);
  for (guint k = 0; k < rv->sites->len; k++)
    {
      GPtrArray *why = g_array_index (rv->sites, RfRaceSite, k).why;
      for (guint n = 0; n < why->len; n++)
        if (!g_ptr_array_find_with_equal_func (rv->notes, g_ptr_array_index (why, n), g_str_equal, NULL))
          g_ptr_array_add (rv->notes, g_strdup (g_ptr_array_index (why, n)));
    }
}

/* The search for a race on VAR on the net of PROG focused on it (rf_netbuild_focus: the
 * same verdict as on NET, the whole net, with the accesses to other variables folded):
 * its result, a witness carried over to NET (rf_race_focus_expand) and replayed there
 * against one of TARGETS (NET's). NULL when the witness cannot be carried over (no
 * such case is known: the caller then searches NET). *N_PLACES and *N_TRANSITIONS get
 * the focused net's size. */
static RfCoverResult *
focused_search (const RfProgram *prog, const RfNet *net, guint var, GPtrArray *targets, const RfCoverBudget *b,
                guint *n_places, guint *n_transitions)
{
  g_autoptr (RfNet) fnet = rf_netbuild_focus (prog, var);
  g_autoptr (GPtrArray) ftargets = rf_race_targets (fnet, var);
  RfCoverResult *fr = rf_cover_run (fnet, ftargets, b);
  *n_places = rf_net_n_places (fnet);
  *n_transitions = rf_net_n_transitions (fnet);
  if (fr->verdict != RF_COVER_UNSAFE)
    return fr;
  g_autoptr (GError) error = NULL;
  g_autoptr (RfWitness) w = rf_race_focus_expand (fnet, net, var, fr->witness, &error);
  for (guint k = 0; w && k < targets->len; k++)
    if (rf_marking_leq (g_ptr_array_index (targets, k), w->final))
      {
        w->target = k;
        if (!rf_witness_replay (net, w, g_ptr_array_index (targets, k), &error))
          break;
        rf_witness_free (fr->witness);
        fr->witness = g_steal_pointer (&w);
        return fr;
      }
  g_warning ("the race on '%s' found on its focused net is searched again on the whole net: %s",
             rf_program_get_var (prog, var)->name, error ? error->message : "no target covered");
  rf_cover_result_free (fr);
  *n_places = *n_transitions = 0;
  return NULL;
}

RfRaceVerdict *
rf_race_check_var (const RfProgram *prog, const RfNet *net, const RfRaceQuick *quick, guint var,
                   const RfCoverBudget *budget, gboolean focus)
{
  const RfVar *v = rf_program_get_var (prog, var);
  g_return_val_if_fail (v->kind == RF_VAR_DATA, NULL);
  RfRaceVerdict *rv = g_new0 (RfRaceVerdict, 1);
  rv->var = var;
  rv->name = g_strdup (v->name);
  gint64 start = rf_cover_cpu_time_us ();
  /* no search when a quick argument proves it, after Ctrl-C (nothing more is decided),
   * or past the run's deadline (then not even the targets, which cost a pass over the
   * net) */
  gboolean proved = !rf_cover_budget_cancelled (budget) && quick && !(budget && budget->certify)
                    && rf_race_quick_prove (quick, var, &rv->proof, &rv->argument);
  if (proved || rf_cover_budget_spent (budget))
    {
      rv->result = g_new0 (RfCoverResult, 1);
      rv->result->verdict = proved ? RF_COVER_SAFE : RF_COVER_UNKNOWN;
      rv->result->interrupted = !proved && rf_cover_budget_cancelled (budget);
      rv->result->stats.seconds = (rf_cover_cpu_time_us () - start) / 1e6;
      return rv;
    }
  /* The progress display names the variable being searched. */
  RfCoverBudget b = budget ? *budget : (RfCoverBudget) { 0 };
  b.progress_label = v->name;
  g_autoptr (GPtrArray) targets = rf_race_targets (net, var);
  rv->searched = TRUE;
  /* A certificate is a proof about the whole net, which the report names; else the
   * search runs on the net focused on VAR, and a race it finds is carried over. */
  if (focus && !b.certify)
    rv->result = focused_search (prog, net, var, targets, &b, &rv->focus_places, &rv->focus_transitions);
  if (!rv->result)
    rv->result = rf_cover_run (net, targets, &b);
  if (rv->result->verdict == RF_COVER_SAFE)
    rv->proof = RF_RACE_PROOF_SEARCH;
  if (rv->result->verdict == RF_COVER_UNSAFE)
    {
      RfWitness *w = rv->result->witness;   /* replayed by rf_cover_run */
      rv->target = rf_marking_ref (g_ptr_array_index (targets, w->target));
      rf_race_shorten (net, w, rv->target);  /* still a witness: it replays */
      rv->interleaving = rf_interleaving_new (net, w);
      describe_race (prog, net, rv);
    }
  return rv;
}

GPtrArray *
rf_race_check (const RfProgram *prog, const RfNet *net, const RfCoverBudget *budget, gboolean focus)
{
  GPtrArray *verdicts = g_ptr_array_new_with_free_func ((GDestroyNotify) rf_race_verdict_free);
  g_autoptr (RfRaceQuick) quick = rf_race_quick_new (net);
  for (guint v = 0; v < rf_program_n_vars (prog); v++)
    if (rf_program_get_var (prog, v)->kind == RF_VAR_DATA)
      g_ptr_array_add (verdicts, rf_race_check_var (prog, net, quick, v, budget, focus));
  return verdicts;
}

void
rf_race_count (GPtrArray *verdicts, guint *n_race, guint *n_free, guint *n_unknown)
{
  *n_race = *n_free = *n_unknown = 0;
  for (guint i = 0; i < verdicts->len; i++)
    switch (((const RfRaceVerdict *) g_ptr_array_index (verdicts, i))->result->verdict)
      {
      case RF_COVER_SAFE: (*n_free)++; break;
      case RF_COVER_UNSAFE: (*n_race)++; break;
      case RF_COVER_UNKNOWN: (*n_unknown)++; break;
      }
}
