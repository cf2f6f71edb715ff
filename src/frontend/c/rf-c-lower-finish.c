/* rf-c-lower-finish: the passes over the finished program model.
 *
 * Approach. Once every job type is lowered: recursive mutexes (a lock by the thread that
 * holds the mutex already) are counted along each job's CFG; the demoted mutexes,
 * rwlocks and semaphores (rf-c-lower-sync.c) become skips; and every access made while
 * the source means to hold a lock that gives no exclusion gets a note saying why, for
 * the race reports. */
#include "rf-c-lower-private.h"

#include <string.h>
#include "rf-edge-index.h"

/* After lowering: a note on every access made while the source means to hold a lock
 * that gives no exclusion in the model (between a NoExcl take and the release of the
 * same lock, along the CFG: a may-analysis, iterated to a fixpoint by a worklist of
 * nodes), so that a race report can say why that access is not protected. A job's
 * facts are the distinct (key, reason) stretches its own takes open, so the work is
 * the job's size times that number, whatever the rest of the program holds. */
void
lower_note_accesses (Lower *L)
{
  guint nx = L->sync.no_excl->len;
  for (guint j = 0; j < rf_program_n_jobs (L->prog) && nx > 0; j++)
    {
      RfJob *job = rf_program_get_job (L->prog, j);
      guint nn = job->nodes->len, ne = job->edges->len;
      /* the job's stretches: d -> its key and reason (borrowed from NoExcl) */
      g_autoptr (GPtrArray) keys = g_ptr_array_new ();
      g_autoptr (GPtrArray) reasons = g_ptr_array_new ();
      g_autoptr (GHashTable) stretch = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      g_autofree gint *take_of = g_new (gint, ne);    /* edge -> stretch it opens, or -1 */
      g_autofree const char **release_of = g_new0 (const char *, ne);  /* edge -> key it ends */
      for (guint i = 0; i < ne; i++)
        take_of[i] = -1;
      for (guint k = 0; k < nx; k++)
        {
          const NoExcl *x = &g_array_index (L->sync.no_excl, NoExcl, k);
          if (x->job != j)
            continue;
          if (!x->take)
            {
              release_of[x->edge] = x->key;
              continue;
            }
          char *name = g_strconcat (x->key, "\n", x->reason, NULL);
          gpointer d;
          if (!g_hash_table_lookup_extended (stretch, name, NULL, &d))
            {
              d = GUINT_TO_POINTER (keys->len);
              g_hash_table_insert (stretch, name, d);
              g_ptr_array_add (keys, x->key);
              g_ptr_array_add (reasons, x->reason);
            }
          else
            g_free (name);
          take_of[x->edge] = (gint) GPOINTER_TO_UINT (d);
        }
      guint nd = keys->len;
      if (nd == 0)
        continue;
      g_autoptr (RfEdgeIndex) index = rf_edge_index_new (job);
      /* held[n * nd + d]: stretch d may be open at node n */
      g_autofree guint8 *held = g_new0 (guint8, (gsize) nn * nd);
      g_autofree guint8 *out = g_new (guint8, nd);
      g_autofree gboolean *queued = g_new0 (gboolean, nn);
      g_autoptr (GArray) work = g_array_new (FALSE, FALSE, sizeof (guint));
      for (guint i = 0; i < ne; i++)
        if (take_of[i] >= 0 && !queued[g_array_index (job->edges, RfEdge, i).from])
          {
            guint from = g_array_index (job->edges, RfEdge, i).from;
            queued[from] = TRUE;
            g_array_append_val (work, from);
          }
      while (work->len > 0)
        {
          guint n = g_array_index (work, guint, work->len - 1);
          g_array_set_size (work, work->len - 1);
          queued[n] = FALSE;
          guint k;
          const guint *row = rf_edge_index_out (index, n, &k);
          for (guint a = 0; a < k; a++)
            {
              guint i = row[a];
              const RfEdge *e = &g_array_index (job->edges, RfEdge, i);
              memcpy (out, held + (gsize) n * nd, nd);
              if (take_of[i] >= 0)
                out[take_of[i]] = 1;
              else if (release_of[i])
                for (guint d = 0; d < nd; d++)
                  if (strcmp (g_ptr_array_index (keys, d), release_of[i]) == 0)
                    out[d] = 0;
              guint8 *to = held + (gsize) e->to * nd;
              gboolean changed = FALSE;
              for (guint d = 0; d < nd; d++)
                if (out[d] && !to[d])
                  to[d] = 1, changed = TRUE;
              if (changed && !queued[e->to])
                {
                  queued[e->to] = TRUE;
                  g_array_append_val (work, e->to);
                }
            }
        }
      for (guint i = 0; i < ne; i++)
        {
          const RfEdge *e = &g_array_index (job->edges, RfEdge, i);
          if (e->op != RF_OP_READ && e->op != RF_OP_WRITE)
            continue;
          for (guint d = 0; d < nd; d++)
            if (held[(gsize) e->from * nd + d])
              rf_program_add_note (L->prog, e->arg, e->loc, g_ptr_array_index (reasons, d));
        }
    }
}

/* After lowering: the demoted mutexes, rwlocks and semaphores give no exclusion. Each
 * of their operations becomes a skip (a wait on a demoted mutex wakes at once), which
 * only adds behaviour; a warning says why. (For an rwlock this also keeps the net
 * builder from working out that a thread holds it after an unlock it cannot see.) */
void
lower_apply_demotions (Lower *L)
{
  for (guint v = 0; v < rf_program_n_vars (L->prog); v++)
    {
      const RfVar *var = rf_program_get_var (L->prog, v);
      const char *why = g_hash_table_lookup (L->sync.demoted, var->name);
      if (!why || (var->kind != RF_VAR_LOCK && var->kind != RF_VAR_SEM && var->kind != RF_VAR_RWLOCK))
        continue;
      guint n = 0;
      for (guint j = 0; j < rf_program_n_jobs (L->prog); j++)
        {
          RfJob *job = rf_program_get_job (L->prog, j);
          for (guint i = 0; i < job->edges->len; i++)
            {
              RfEdge *e = &g_array_index (job->edges, RfEdge, i);
              gboolean hit = ((e->op == RF_OP_ACQUIRE || e->op == RF_OP_RELEASE || e->op == RF_OP_POST
                               || e->op == RF_OP_TAKE || e->op == RF_OP_RDLOCK || e->op == RF_OP_WRLOCK
                               || e->op == RF_OP_RWUNLOCK) && e->arg == (gint) v)
                             || (e->op == RF_OP_WAIT && e->arg2 == (gint) v);
              if (!hit)
                continue;
              g_autofree char *old = rf_program_edge_to_string (L->prog, e);
              if (e->op != RF_OP_WAIT)
                {
                  gboolean take = e->op == RF_OP_ACQUIRE || e->op == RF_OP_TAKE || e->op == RF_OP_RDLOCK
                                  || e->op == RF_OP_WRLOCK;
                  g_autofree char *reason = g_strdup_printf ("%s '%s' gives no %s in the model: %s",
                                                             var->kind == RF_VAR_LOCK ? "mutex"
                                                             : var->kind == RF_VAR_RWLOCK ? "rwlock" : "semaphore",
                                                             var->name,
                                                             var->kind == RF_VAR_SEM ? "blocking" : "mutual exclusion",
                                                             why);
                  NoExcl x = { j, i, take, g_strdup (var->name), g_strdup (reason) };
                  g_array_append_val (L->sync.no_excl, x);
                  if (e->op == RF_OP_ACQUIRE && e->arg2 != RF_ACQUIRE_TRY)
                    rf_program_add_unfollowed (L->prog, e->loc, reason);
                }
              g_free (e->text);
              e->text = g_strdup_printf ("%s (gives no exclusion)", old);
              e->op = RF_OP_SKIP;
              e->arg = e->arg2 = -1;
              n++;
            }
        }
      if (n > 0)
        rf_diags_add (L->diags, RF_DIAG_WARNING, var->loc, "%s '%s' gives no %s in the model: %s%s",
                      var->kind == RF_VAR_LOCK ? "mutex" : var->kind == RF_VAR_RWLOCK ? "rwlock" : "semaphore",
                      var->name, var->kind == RF_VAR_SEM ? "blocking" : "mutual exclusion", why,
                      g_hash_table_contains (L->sync.relockable, var->name) ? "" : " (its operations could release it)");
    }
}

/* After lowering, when the program may make recursive or error-checking mutexes: a
 * lock by the thread that holds the mutex already does not block there. For each
 * mutex, the number of times each thread holds it is worked out along its job's CFG
 * (a must-analysis: one count per node, else unknown). A mutex never locked again by
 * its holder behaves as a normal one. Otherwise, when the program only names
 * recursive mutexes and every count is known: a lock at count n > 0 and an unlock at
 * count n > 1 only count (skips), as for a recursive mutex (a normal mutex would
 * block for ever at such a lock: skipping it only adds behaviour). Else the mutex
 * gives no exclusion (an error-checking mutex's relock fails at once, and its next
 * unlock releases it). */
enum { HELD_UNSEEN = -1, HELD_TOP = -2, HELD_CAP = 8 };

void
lower_recursive_mutexes (Lower *L)
{
  if (!L->pre.mutex_recursive && !L->pre.mutex_other)
    return;
  for (guint v = 0; v < rf_program_n_vars (L->prog); v++)
    {
      const RfVar *var = rf_program_get_var (L->prog, v);
      if (var->kind != RF_VAR_LOCK || g_hash_table_contains (L->sync.demoted, var->name)
          || g_str_has_prefix (var->name, "atomic$") || g_str_has_prefix (var->name, "ticket$"))
        continue;  /* not the program's: a ticket's token (rf-c-lower-guess.c) is never given back */
      g_autofree char *done = g_strdup_printf ("done$%s", var->name);
      if (rf_program_lookup_var (L->prog, done) >= 0)
        continue;  /* pthread_once's lock: taken once, never released */
      gboolean relock = FALSE, unknown = FALSE;
      RfLoc where = RF_LOC_NONE;
      g_autoptr (GPtrArray) counts = g_ptr_array_new_with_free_func (g_free);  /* per job: gint per node */
      for (guint j = 0; j < rf_program_n_jobs (L->prog); j++)
        {
          RfJob *job = rf_program_get_job (L->prog, j);
          guint nn = job->nodes->len, ne = job->edges->len;
          if (nn == 0)
            {
              /* not lowered (after an error) */
              g_ptr_array_add (counts, NULL);
              continue;
            }
          gint *c = g_new (gint, nn);
          for (guint i = 0; i < nn; i++)
            c[i] = HELD_UNSEEN;
          c[job->entry] = 0;
          g_ptr_array_add (counts, c);
          gboolean changed = TRUE;
          while (changed)
            {
              changed = FALSE;
              for (guint i = 0; i < ne; i++)
                {
                  const RfEdge *e = &g_array_index (job->edges, RfEdge, i);
                  gint in = c[e->from], out = in;
                  if (in == HELD_UNSEEN)
                    continue;
                  if (in >= 0 && e->op == RF_OP_ACQUIRE && e->arg == (gint) v)
                    out = in + 1 > HELD_CAP ? HELD_TOP : in + 1;
                  else if (in >= 0 && e->op == RF_OP_RELEASE && e->arg == (gint) v)
                    out = in > 0 ? in - 1 : 0;
                  gint *to = &c[e->to];
                  gint joined = *to == HELD_UNSEEN ? out : *to == out ? out : HELD_TOP;
                  if (joined != *to)
                    *to = joined, changed = TRUE;
                }
            }
          for (guint i = 0; i < ne; i++)
            {
              const RfEdge *e = &g_array_index (job->edges, RfEdge, i);
              gint in = c[e->from];
              gboolean mine = ((e->op == RF_OP_ACQUIRE || e->op == RF_OP_RELEASE) && e->arg == (gint) v)
                              || (e->op == RF_OP_WAIT && e->arg2 == (gint) v);
              if (!mine || in == HELD_UNSEEN)
                continue;
              if (in == HELD_TOP)
                unknown = TRUE;
              if (e->op == RF_OP_ACQUIRE && in != 0 && !relock)
                relock = TRUE, where = e->loc;
              if (e->op == RF_OP_WAIT && in != 1)
                unknown = TRUE;
            }
        }
      if (!relock)
        continue;
      if (unknown || L->pre.mutex_other)
        {
          g_autofree char *why = g_strdup_printf ("it may be a recursive or error-checking mutex, locked again by "
                                                  "its holder at %s:%u:%u", where.file ? where.file : "?",
                                                  where.line, where.col);
          g_hash_table_insert (L->sync.demoted, g_strdup (var->name), g_steal_pointer (&why));
          g_hash_table_add (L->sync.relockable, g_strdup (var->name));
          continue;
        }
      for (guint j = 0; j < rf_program_n_jobs (L->prog); j++)
        {
          RfJob *job = rf_program_get_job (L->prog, j);
          const gint *c = g_ptr_array_index (counts, j);
          for (guint i = 0; c && i < job->edges->len; i++)
            {
              RfEdge *e = &g_array_index (job->edges, RfEdge, i);
              gint in = c[e->from];
              if (e->arg != (gint) v || in == HELD_UNSEEN
                  || !((e->op == RF_OP_ACQUIRE && in > 0) || (e->op == RF_OP_RELEASE && in > 1)))
                continue;
              g_autofree char *old = rf_program_edge_to_string (L->prog, e);
              g_free (e->text);
              e->text = g_strdup_printf ("%s (recursive: held %d time%s before)", old, in, in == 1 ? "" : "s");
              e->op = RF_OP_SKIP;
              e->arg = e->arg2 = -1;
            }
        }
      rf_diags_add (L->diags, RF_DIAG_WARNING, where, "mutex '%s' is locked again by its holder: taken as a "
                    "recursive mutex (PTHREAD_MUTEX_RECURSIVE)", var->name);
    }
}
