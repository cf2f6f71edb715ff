/* rf-c-lower-jobs: job types: threads, joins, handlers, module entries.
 *
 * Approach. Every start routine is a job type, lowered from the queue of pending ones;
 * threads whose start argument is known exactly, or that are created with a joinable
 * handle (they post its semaphore when they end), get job types of their own. Handlers
 * that code without a body or the C runtime may call (destructors, signal and exit
 * handlers, callbacks, constructors) are job types started any number of times. In
 * module mode every entry is a job type started by any number of threads at once; an
 * entry's `struct T *` parameter standing for a client object with its own lock splits
 * it in one job type per choice of the representative object or another one
 * (track_params). */
#include "rf-c-lower-private.h"

#include <string.h>

static int
cmp_names (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

/* A new job type for threads running FN (lowered later, from the pending queue). SEM:
 * the semaphore its threads post when they end, or -1; START: how it starts. */
guint
lower_job_add (Lower *L, CDecl *fn, const char *base, RfStartKind start, guint count, gint sem)
{
  g_autofree char *name = g_strdup (base);
  for (guint k = 2; rf_program_lookup_job (L->prog, name) >= 0; k++)
    {
      g_free (name);
      name = g_strdup_printf ("%s#%u", base, k);
    }
  guint id = rf_program_add_job (L->prog, name, fn->loc, start, count);
  g_ptr_array_add (L->jobs.fn, fn);
  g_ptr_array_add (L->jobs.arg, NULL);
  g_ptr_array_add (L->jobs.arg_whole, NULL);
  g_array_append_val (L->jobs.exit_sem, sem);
  guint none = 0;
  g_array_append_val (L->jobs.track, none);
  g_array_append_val (L->jobs.other, none);
  g_array_append_val (L->jobs.arg_other, none);
  g_array_append_val (L->jobs.arg_inside, none);
  gint no_index = ELEM_NONE;
  g_array_append_val (L->jobs.arg_index, no_index);
  g_ptr_array_add (L->jobs.arg_index_decl, NULL);
  g_ptr_array_add (L->jobs.arg_index_max, NULL);
  g_array_append_val (L->jobs.arg_index_deref, none);
  g_ptr_array_add (L->jobs.arg_cell, NULL);
  g_ptr_array_add (L->jobs.arg_fields, NULL);
  g_assert (L->jobs.fn->len == id + 1);
  return id;
}

/* The name of a job type of FN: FN's name, with TAG in brackets when given
 * (`work[another element]`). Owned. */
static char *
job_name (CDecl *fn, const char *tag)
{
  return tag ? g_strdup_printf ("%s[%s]", fn->name, tag) : g_strdup (fn->name);
}

/* The job type of threads started at FN whose end nobody joins exactly. SITE: the
 * names of the places their argument points to when known exactly (ARG, copied into
 * the job's binding), else NULL: threads whose arguments differ get job types of
 * their own, so that each knows its own. */
static guint
lower_job_for (Lower *L, CDecl *fn, const char *site, GPtrArray *arg, const char *tag)
{
  g_autofree char *key = site ? g_strdup_printf ("%p:%s", (void *) fn, site) : NULL;
  gpointer v = site ? g_hash_table_lookup (L->jobs.of_site, key) : g_hash_table_lookup (L->jobs.of_fn, fn);
  if (v)
    return GPOINTER_TO_UINT (v) - 1;
  g_autofree char *name = job_name (fn, tag);
  guint id = lower_job_add (L, fn, name, RF_START_NONE, 0, -1);
  if (site)
    {
      if (arg)
        g_ptr_array_index (L->jobs.arg, id) = places_copy (arg);
      g_hash_table_insert (L->jobs.of_site, g_steal_pointer (&key), GUINT_TO_POINTER (id + 1));
    }
  else
    g_hash_table_insert (L->jobs.of_fn, fn, GUINT_TO_POINTER (id + 1));
  g_queue_push_tail (&L->jobs.pending, GUINT_TO_POINTER (id + 1));
  return id;
}

/* The job type of threads started at FN whose handle is joined through semaphore SEM:
 * a copy of FN's job whose threads post SEM when they end (SITE, ARG: as for job_for). */
static guint
lower_job_for_handle (Lower *L, CDecl *fn, gint sem, const char *site, GPtrArray *arg, const char *tag)
{
  g_autofree char *key = g_strdup_printf ("%p:%d:%s%s", (void *) fn, sem, site ? "=" : "", site ? site : "");
  gpointer v = g_hash_table_lookup (L->jobs.of_handle, key);
  if (v)
    return GPOINTER_TO_UINT (v) - 1;
  g_autofree char *name = job_name (fn, tag);
  guint id = lower_job_add (L, fn, name, RF_START_NONE, 0, sem);
  if (site && arg)
    g_ptr_array_index (L->jobs.arg, id) = places_copy (arg);
  g_hash_table_insert (L->jobs.of_handle, g_steal_pointer (&key), GUINT_TO_POINTER (id + 1));
  g_queue_push_tail (&L->jobs.pending, GUINT_TO_POINTER (id + 1));
  return id;
}

/* The job type of threads started at FN by the create call of PLAN (see
 * rf-c-lower-joinall.c): one of its own, so that the plan's join loop may say every
 * thread of it has ended (SEM, SITE, ARG: as for job_for_handle and job_for). */
static guint
lower_job_for_joinall (Lower *L, CDecl *fn, gint sem, const char *site, GPtrArray *arg, JoinAllPlan *plan,
                       const char *tag)
{
  g_autofree char *key = g_strdup_printf ("joinall:%p:%p:%d:%s%s", (void *) plan->create, (void *) fn, sem,
                                          site ? "=" : "", site ? site : "");
  gpointer v = g_hash_table_lookup (L->jobs.of_handle, key);
  guint id;
  if (v)
    id = GPOINTER_TO_UINT (v) - 1;
  else
    {
      g_autofree char *name = job_name (fn, tag);
      id = lower_job_add (L, fn, name, RF_START_NONE, 0, sem);
      if (site && arg)
        g_ptr_array_index (L->jobs.arg, id) = places_copy (arg);
      g_hash_table_insert (L->jobs.of_handle, g_steal_pointer (&key), GUINT_TO_POINTER (id + 1));
      g_queue_push_tail (&L->jobs.pending, GUINT_TO_POINTER (id + 1));
    }
  guint k = 0;
  while (k < plan->jobs->len && g_array_index (plan->jobs, guint, k) != id)
    k++;
  if (k == plan->jobs->len)
    g_array_append_val (plan->jobs, id);
  return id;
}

/* Start routines a pthread_create argument may name. */
static GPtrArray *
lower_start_routines (Lower *L, CExpr *f, RfLoc loc)
{
  GPtrArray *out = g_ptr_array_new ();
  CExpr *p = c_peel (f);
  if (p && p->kind == C_EXPR_UNARY && p->op == C_OP_ADDR)
    p = c_peel (p->a);
  if (p && p->kind == C_EXPR_IDENT && p->decl && p->decl->kind == C_DECL_FUNC)
    {
      CDecl *d = lower_func_def (L, p->text);
      if (d)
        g_ptr_array_add (out, d);
      else
        lower_error (L, loc, "unsupported: start routine '%s' has no body in the analysed files", p->text);
      return out;
    }
  lower_eval (L, f);
  /* the points-to set of the function pointer, when complete */
  g_autoptr (GPtrArray) locs = g_ptr_array_new ();
  if (L->pts && rf_c_points_lookup (L->pts, f, NULL, locs) && locs->len > 0)
    {
      g_autoptr (GString) names = g_string_new (NULL);
      for (guint i = 0; i < locs->len; i++)
        {
          const RfCLoc *l = g_ptr_array_index (locs, i);
          CDecl *d = l->obj->kind == RF_C_OBJ_FUNC ? lower_func_def (L, l->obj->decl->name) : NULL;
          if (!d)
            {
              if (l->obj->kind == RF_C_OBJ_FUNC)
                lower_error (L, loc, "unsupported: start routine '%s' has no body in the analysed files", l->obj->decl->name);
              else
                lower_error (L, loc, "unsupported: the start routine may be a pointer to data");
              return out;
            }
          if (!g_ptr_array_find (out, d, NULL))
            {
              g_ptr_array_add (out, d);
              g_string_append_printf (names, "%s'%s'", names->len ? ", " : "", d->name);
            }
        }
      lower_warn (L, loc, NULL, "start routine is a function pointer: it may be %s%s", out->len > 1 ? "any of " : "",
                 names->str);
      return out;
    }
  for (guint i = 0; i < L->pre.addr_func_list->len; i++)
    {
      CDecl *d = g_ptr_array_index (L->pre.addr_func_list, i);
      CType *t = strip (L, d->type);
      if (t && t->kind == C_TYPE_FUNCTION && t->params && t->params->len == 1
          && is_pointerish (L, t->base))
        g_ptr_array_add (out, d);
    }
  if (out->len == 0)
    lower_error (L, loc, "unsupported: no address-taken function of type 'void *(void *)' can be this start routine");
  else
    lower_warn (L, loc, NULL, "start routine is a function pointer: every address-taken function of type 'void *(void *)' may be started here (%u)", out->len);
  return out;
}

/* pthread_key_create (k, d) / atexit (h): the destructor or handler runs in a thread
 * of its own: create d: pc_i -> pc_i + entry_d (any number of times, a destructor) or
 * create h: pc_i -> pc_j + entry_h (once per call, an exit handler). */
void
lower_handler_call (Lower *L, CExpr *e, const char *name, const RfCLibcFunc *lib, RfLoc loc)
{
  RfCLibcEffect k = lib->effect;
  guint n = e->args ? e->args->len : 0;
  /* the destructor runs in threads that end (with a value set): a thread of its
   * own, started any number of times from here on (an over-approximation of
   * when it runs) */
  /* atexit, on_exit, at_quick_exit alike: the handler runs at exit, while
   * other threads may still run */
  gboolean key = k == RF_C_LIBC_KEY_CREATE;
  if (key)
    lower_access_through (L, c_arg (e, 0), ACC_WRITE, FALSE, loc);
  else
    for (guint i = 1; i < n; i++)
      lower_eval (L, c_arg (e, i));
  g_autoptr (GPtrArray) fs = n > (key ? 1u : 0u) ? lower_callback_targets (L, c_arg (e, key ? 1 : 0)) : g_ptr_array_new ();
  for (guint i = 0; i < fs->len; i++)
    {
      CDecl *f = g_ptr_array_index (fs, i);
      lower_warn (L, loc, f->name, "%s: %s '%s' taken to run in a thread of its own, %s, at any time after "
                 "this call", name, key ? "destructor" : "handler", f->name,
                 key ? "any number of times" : "once (per call)");
      if (key)
        lower_edge (L, L->cur, L->cur, RF_OP_CREATE, lower_job_for (L, f, NULL, NULL, NULL), -1, loc, NULL);
      else
        lower_emit (L, RF_OP_CREATE, lower_job_for (L, f, NULL, NULL, NULL), -1, loc, NULL);
    }
}

/* signal (s, h) / sigaction: the handler runs in some thread at any time from here
 * on, any number of times: create h: pc_i -> pc_i + entry_h. */
void
lower_signal_handler_call (Lower *L, CExpr *e, const char *name, const RfCLibcFunc *lib, RfLoc loc)
{
  RfCLibcEffect k = lib->effect;
  guint n = e->args ? e->args->len : 0;
  /* the handler runs in some thread, at any time from here on, any number of
   * times: a thread of its own started any number of times here (interleaved
   * with every thread: an over-approximation of where it runs) */
  g_autoptr (GPtrArray) fs = g_ptr_array_new ();
  CExpr *h = c_peel (c_arg (e, 1));
  if (k != RF_C_LIBC_SIGACTION)
    {
      if (h && h->kind != C_EXPR_INT)
        {
          g_autoptr (GPtrArray) ts = lower_callback_targets (L, c_arg (e, 1));
          g_ptr_array_extend (fs, ts, NULL, NULL);
        }
      lower_eval (L, c_arg (e, 0));
    }
  else
    {
      /* sa_handler or sa_sigaction: any address-taken function that may be one */
      for (guint i = 0; i < L->pre.addr_func_list->len; i++)
        {
          CDecl *d = g_ptr_array_index (L->pre.addr_func_list, i);
          guint np = d->params ? d->params->len : 0;
          CType *t0 = np > 0 ? strip (L, ((CDecl *) g_ptr_array_index (d->params, 0))->type) : NULL;
          if ((np == 1 || np == 3) && t0 && t0->kind == C_TYPE_BASIC)
            g_ptr_array_add (fs, d);
        }
      for (guint i = 0; i < n; i++)
        lower_access_through (L, c_arg (e, i), i == 2 ? ACC_WRITE : ACC_READ, FALSE, loc);
    }
  for (guint i = 0; i < fs->len; i++)
    {
      CDecl *f = g_ptr_array_index (fs, i);
      g_autofree char *key = g_strdup_printf ("handler:%s", f->name);
      lower_warn (L, loc, key, "%s: handler '%s' taken to run in a thread of its own, any number of times, "
                 "at any time after this call", name, f->name);
      lower_edge (L, L->cur, L->cur, RF_OP_CREATE, lower_job_for (L, f, NULL, NULL, NULL), -1, loc, NULL);
      g_hash_table_add (L->jumps.handlers, f);
    }
}

/* A pthread_create whose result a condition tests: POSIX starts no thread when it
 * fails (and leaves the handle unspecified), so the branch of failure does not create:
 * there the arguments are evaluated and the handle taken as written, nothing more. */
void
lower_create_checked (Lower *L, CExpr *call, guint success, guint failure)
{
  guint start = L->cur;
  lower_eval (L, call);
  lower_edge (L, L->cur, success, RF_OP_SKIP, -1, -1, call->loc, "pthread_create succeeds");
  L->cur = start;
  guint from = L->job->edges->len;
  L->elems_off++;  /* as lower_create_call writes it */
  lower_access_through (L, c_arg (call, 0), ACC_WRITE, FALSE, call->loc);
  L->elems_off--;
  lower_joinall_slot_written (L, call, from);
  for (guint i = 1; i < 4; i++)
    lower_eval (L, c_arg (call, i));
  lower_edge (L, L->cur, failure, RF_OP_SKIP, -1, -1, call->loc, "pthread_create fails");
}

/* Job ID's threads are also given indices up to MAX (NULL: unbounded). */
static void
index_max_merge (Lower *L, guint id, const Endpoint *max, gboolean nonneg)
{
  IndexMax *m = g_ptr_array_index (L->jobs.arg_index_max, id);
  if (!m)
    {
      m = g_new0 (IndexMax, 1);
      m->conflict = max == NULL;
      m->nonneg = nonneg;
      if (max)
        m->max = *max;
      g_ptr_array_index (L->jobs.arg_index_max, id) = m;
    }
  else
    {
      if (!max || !lower_same_endpoint (L, m->max, *max, NULL))
        m->conflict = TRUE;
      m->nonneg = m->nonneg && nonneg;
    }
}

/* The index INDEX a create gives is 0 or more: the loop of a split on it says so, or
 * the running thread hands its own on. */
static gboolean
index_nonneg (Lower *L, CDecl *index)
{
  for (guint k = L->elems->len; index && k-- > 0;)
    {
      ElemSplit *sp = g_ptr_array_index (L->elems, k);
      if (sp->frame == L->frame && !sp->guess
          && (sp->index == index || (!sp->index && lower_distinct_index (L, sp->loop) == index)))
        return lower_index_nonneg (L, sp->loop, index);
    }
  const IndexMax *m = L->job && L->job_id < L->jobs.arg_index_max->len ? g_ptr_array_index (L->jobs.arg_index_max, L->job_id)
                                                                      : NULL;
  return m && m->nonneg;
}

/* pthread_create (&t, attr, f, arg): create f: pc_i -> pc_j + entry_f, one transition
 * per start routine f may be; the job type remembers what arg points to and the handle
 * whose semaphore its threads post when they end. */
/* pthread_create's store of the new thread's handle through its first argument, as
 * a whole array's element (a library call's extent). */
static void
write_handle (Lower *L, CExpr *e, RfLoc loc)
{
  guint from = L->job->edges->len;
  L->elems_off++;
  lower_access_through (L, c_arg (e, 0), ACC_WRITE, FALSE, loc);
  L->elems_off--;
  lower_joinall_slot_written (L, e, from);
}

void
lower_create_call (Lower *L, CExpr *e, const char *name, const RfCLibcFunc *lib, RfLoc loc)
{
  lower_eval (L, c_arg (e, 1));
  lower_eval (L, c_arg (e, 3));
  g_autoptr (GPtrArray) fs = lower_start_routines (L, c_arg (e, 2), loc);
  if (fs->len == 0)
    {
      write_handle (L, e, loc);
      return;
    }
  /* what the argument points to, when known exactly: the threads' job type
   * remembers it for its start routine's parameter */
  guint guessed = L->guessed;
  L->quiet++;
  L->alias_depth++;  /* a value kept for later: an allocation here is its site's object */
  L->other_obj = FALSE;
  L->elem_other = L->elem_inside = FALSE;
  L->rep_cell = NULL;
  g_autoptr (GPtrArray) arg = c_arg (e, 3) ? lower_deref (L, c_arg (e, 3)) : NULL;
  gboolean other = L->other_obj, inside = L->elem_inside, elem = L->elem_other;
  /* in a representative cell (rf-c-lower-guess.c): the job type is its own */
  const RfCLoc *cell = arg && !other && lower_rep_exact (L, arg) ? L->rep_cell : NULL;
  /* another element than the representative (rf-c-lower-elems.c): its array */
  g_autoptr (GPtrArray) whole = NULL;
  if (arg && elem && arg->len == 0)
    {
      L->elems_off++;
      whole = lower_deref (L, c_arg (e, 3));
      L->elems_off--;
      if (whole->len == 0)
        g_clear_pointer (&whole, g_ptr_array_unref);
    }
  L->alias_depth--;
  L->quiet--;
  g_autofree char *site = NULL;
  if (arg && L->guessed == guessed)
    {
      /* the representative (track_params) has its summary's name: keep them apart */
      g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
      for (guint i = 0; i < arg->len; i++)
        {
          const RfCLoc *pl = g_ptr_array_index (arg, i);
          g_ptr_array_add (names, g_strconcat (pl->obj->name, pl->path,
                                               pl->obj->representative ? "\t(representative)" : "", NULL));
        }
      for (guint i = 0; whole && i < whole->len; i++)
        {
          const RfCLoc *pl = g_ptr_array_index (whole, i);
          g_ptr_array_add (names, g_strconcat ("\t(another element of ", pl->obj->name, pl->path, ")", NULL));
        }
      if (other && !whole)
        g_ptr_array_add (names, g_strdup ("\t(another object)"));
      if (cell)
        g_ptr_array_add (names, g_strdup ("\t(the representative cell)"));
      g_ptr_array_sort (names, cmp_names);
      g_ptr_array_add (names, NULL);
      site = g_strjoinv ("\n", (char **) names->pdata);
    }
  L->guessed = guessed;
  /* the index of a value split (rf-c-lower-elems.c): threads given the representative
   * index and the others are job types of their own */
  CDecl *index_decl = NULL;
  gboolean index_deref = FALSE;
  Endpoint index_max = { 0 };
  gboolean has_max = FALSE;
  gint index_role = c_arg (e, 3) ? lower_elems_value_role (L, e, &index_decl, &index_deref, &index_max, &has_max)
                                 : ELEM_NONE;
  /* else the index read through fields of the pass's object (rf-c-lower-argfields.c) */
  ArgFields *fields = index_role == ELEM_NONE && c_arg (e, 3)
                      ? lower_argfields_at_create (L, e, &index_role, &index_decl, &index_max, &has_max) : NULL;
  guint index_by = fields ? INDEX_BY_FIELD : index_deref ? INDEX_BY_DEREF : INDEX_BY_VALUE;
  GPtrArray *bind = site ? arg : NULL;  /* the binding only when known exactly */
  if (index_role != ELEM_NONE)
    {
      /* threads given fields: job types of this create call's own */
      g_autofree char *own = fields ? g_strdup_printf ("\t(fields of %p)", (void *) e) : NULL;
      char *with = g_strconcat (site ? site : "", site ? "\n" : "",
                                index_role == ELEM_REP ? "\t(the index)" : "\t(another index)", own, NULL);
      g_free (site);
      site = with;
    }
  /* threads given another element, object or index than the representative's are
   * named so (the representative's keep the routine's name; an index read through
   * fields comes with the element or object) */
  const char *tag = index_role == ELEM_OTHER && !fields ? "another index"
                    : elem && arg && arg->len == 0 ? (inside ? "another object" : "another element") : NULL;
  /* a joinable handle: these threads post its semaphore when they end */
  CExpr *h = c_peel (c_arg (e, 0));
  gint sem = h && h->kind == C_EXPR_UNARY && h->op == C_OP_ADDR ? lower_handle_sem (L, h->a) : -1;
  JoinAllPlan *plan = lower_joinall_for_create (L, e);
  /* the thread given a join loop's representative element posts its own semaphore */
  sem = h && h->kind == C_EXPR_UNARY && h->op == C_OP_ADDR ? lower_joinall_elem_create_sem (L, plan, h->a, sem) : sem;
  guint start = L->cur, j = lower_node (L, loc);
  for (guint i = 0; i < fs->len; i++)
    {
      CDecl *fn = g_ptr_array_index (fs, i);
      guint id = plan ? lower_job_for_joinall (L, fn, sem, site, bind, plan, tag)
                 : sem >= 0 ? lower_job_for_handle (L, fn, sem, site, bind, tag) : lower_job_for (L, fn, site, bind, tag);
      if (site && other)
        g_array_index (L->jobs.arg_other, guint, id) = TRUE;
      if (site && inside)
        g_array_index (L->jobs.arg_inside, guint, id) = TRUE;
      if (index_role != ELEM_NONE)
        {
          g_array_index (L->jobs.arg_index, gint, id) = index_role;
          g_ptr_array_index (L->jobs.arg_index_decl, id) = index_decl;
          g_array_index (L->jobs.arg_index_deref, guint, id) = index_by;
          g_ptr_array_index (L->jobs.arg_fields, id) = fields;
          index_max_merge (L, id, has_max ? &index_max : NULL, index_nonneg (L, index_decl));
        }
      if (site && cell)
        g_ptr_array_index (L->jobs.arg_cell, id) = (gpointer) cell;
      if (site && whole && !g_ptr_array_index (L->jobs.arg_whole, id))
        g_ptr_array_index (L->jobs.arg_whole, id) = places_copy (whole);
      lower_edge (L, start, j, RF_OP_CREATE, id, -1, loc, NULL);
    }
  L->cur = j;
  /* POSIX lets pthread_create store the handle after the thread has started: the
   * store comes after the create, where the new thread may touch the slot first */
  write_handle (L, e, loc);
  lower_create_detached (L, e, sem, loc);
}

/* pthread_join (t, &r): take exited$t: pc_i + exited$t -> pc_j when t is a joinable
 * handle (see lower_handle_sem); else a warning: the joined thread may still run. */
void
lower_join_call (Lower *L, CExpr *e, const char *name, const RfCLibcFunc *lib, RfLoc loc)
{
  guint n = e->args ? e->args->len : 0;
  lower_eval (L, c_arg (e, 0));
  gint sem = lower_handle_sem (L, c_arg (e, 0));
  /* the semaphores it may take: the handle's, or one a join loop split by element
   * waits on (rf-c-lower-joinall-elem.c) */
  gint sems[2];
  guint ns = lower_joinall_elem_join_sems (L, e, sem, sems);
  g_autoptr (GString) t = g_string_new (NULL);
  c_expr_text (c_arg (e, 0), t);
  if (lower_join_self (L, e, loc))
    ;  /* a join of the calling thread: EDEADLK, at once */
  else if (ns > 0)
    {
      /* wait until a thread created with this handle has ended */
      g_autofree char *txt = g_strdup_printf ("pthread_join(%s)", t->str);
      gint own = L->job && L->job_id < L->jobs.exit_sem->len ? g_array_index (L->jobs.exit_sem, gint, L->job_id) : -1;
      if (sem >= 0 && own == sem)
        {
          /* the handle may hold this very thread (it was created into it): glibc's
           * pthread_join then fails at once with EDEADLK, and the thread goes on */
          g_autofree char *fail = g_strdup_printf ("pthread_join(%s) fails (EDEADLK: the calling thread)", t->str);
          guint start = L->cur, j = lower_node (L, loc);
          lower_edge (L, start, j, RF_OP_TAKE, sem, -1, loc, txt);
          lower_edge (L, start, j, RF_OP_SKIP, -1, -1, loc, fail);
          L->cur = j;
        }
      else
        {
          lower_async_cancel_point (L, loc);
          guint start = L->cur, j = lower_node (L, loc);
          for (guint k = 0; k < ns; k++)
            lower_edge (L, start, j, RF_OP_TAKE, sems[k], -1, loc, txt);
          L->cur = j;
        }
    }
  else
    {
      if (!L->quiet && !lower_joinall_is_join (L, e))
        {
          g_autofree char *key = g_strdup_printf ("join:%s:%u:%u", loc.file, loc.line, loc.col);
          lower_warn (L, loc, key, "pthread_join(%s): the handle is not only set by pthread_create (it is "
                     "assigned, or its address is taken elsewhere): the joined thread may still run afterwards",
                     t->str);
        }
      if (lower_blocking_skip (L) != RF_OP_SKIP)
        {
          g_autofree char *txt = g_strdup_printf ("pthread_join(%s)", t->str);
          lower_emit (L, RF_OP_SLEEP, -1, -1, loc, txt);
        }
    }
  if (n > 1)
    lower_access_through (L, c_arg (e, 1), ACC_WRITE, FALSE, loc);
}

/* Lowers job JOB as the body of FN (and, for an init job, the creation loop). */
void
lower_job (Lower *L, guint job_id, CDecl *fn, GPtrArray *run_first, GPtrArray *create_after)
{
  L->job = rf_program_get_job (L->prog, job_id);
  g_hash_table_remove_all (L->priv.fresh);
  g_hash_table_remove_all (L->share_copies);
  L->job_id = job_id;
  L->svcomp_depth = 0;
  L->job->entry = lower_node (L, fn->body->loc);
  L->cur = L->job->entry;
  L->exit_node = lower_node (L, fn->body->end);
  L->job->exit = (gint) L->exit_node;
  lower_jumps_begin (L);
  g_ptr_array_set_size (L->scope_cleanups, 0);
  Frame *f = lower_frame_new (L, fn, NULL, NULL, FALSE);
  f->entry = L->job->entry;
  f->ret = L->exit_node;
  L->frame = f;
  if (run_first && run_first->len > 0)
    {
      /* post once$F for each F; while (*) { take once$F; F (); or ... }: each at most
       * once, in any order (the pseudo-semaphore once$F holds one token until F runs) */
      guint loop = lower_node (L, fn->body->loc);
      g_autoptr (GArray) once = g_array_new (FALSE, FALSE, sizeof (gint));
      for (guint i = 0; i < run_first->len; i++)
        {
          CDecl *g = g_ptr_array_index (run_first, i);
          g_autofree char *name = g_strdup_printf ("once$%s", g->name);
          gint sem = lower_var (L, name, RF_VAR_SEM, g->loc);
          g_array_append_val (once, sem);
          guint next = i + 1 < run_first->len ? lower_node (L, g->loc) : loop;
          lower_edge (L, L->cur, next, sem < 0 ? RF_OP_SKIP : RF_OP_POST, sem, -1, g->loc, NULL);
          L->cur = next;
        }
      for (guint i = 0; i < run_first->len; i++)
        {
          CDecl *g = g_ptr_array_index (run_first, i);
          gint sem = g_array_index (once, gint, i);
          g_autofree char *why = g_strdup_printf ("runs %s first", g->name);
          L->cur = lower_node (L, g->loc);
          lower_edge (L, loop, L->cur, sem < 0 ? RF_OP_SKIP : RF_OP_TAKE, sem, -1, g->loc, why);
          lower_inline (L, g, NULL);
          lower_edge (L, L->cur, loop, RF_OP_SKIP, -1, -1, g->loc, NULL);
        }
      L->cur = loop;
    }
  if (create_after)
    {
      f->ret = lower_node (L, fn->body->end);
      lower_stmt (L, fn->body);
      lower_edge (L, L->cur, f->ret, RF_OP_SKIP, -1, -1, fn->body->end, "return");
      lower_jumps_finish (L);
      /* after init: while (*) create E; for every entry E */
      for (guint i = 0; i < create_after->len; i++)
        {
          CDecl *entry = g_ptr_array_index (create_after, i);
          g_autoptr (GArray) ids = lower_entry_jobs (L, entry, RF_START_NONE);
          for (guint k = 0; k < ids->len; k++)
            lower_edge (L, f->ret, f->ret, RF_OP_CREATE, g_array_index (ids, guint, k), -1, fn->body->end, NULL);
        }
    }
  else
    {
      lower_stmt (L, fn->body);
      lower_edge (L, L->cur, L->exit_node, RF_OP_SKIP, -1, -1, fn->body->end, "return");
      lower_jumps_finish (L);
      gint sem = g_array_index (L->jobs.exit_sem, gint, job_id);
      if (sem >= 0)
        {
          /* the thread has ended: one pthread_join on its handle may return */
          guint done = lower_node (L, fn->body->end);
          lower_edge (L, L->exit_node, done, RF_OP_POST, sem, -1, fn->body->end, "thread ends (joinable)");
        }
    }
  L->frame = NULL;
  lower_frame_free (f);
}

/* Code without a body may return (or store) pointers to memory the program never
 * names, and may take the address of any global with external linkage. So when the
 * program calls such code, an untyped "external memory" object and every external
 * global count as address-taken: a pointer nothing else resolves may denote them,
 * and accesses through it are never dropped. */
void
lower_external_roots (Lower *L)
{
  RfCObj *ext = lower_root_add (L, RF_C_OBJ_EXTERNAL, g_intern_string ("$external"), "external memory", NULL, TRUE,
                          RF_LOC_NONE);
  ext->reachable = TRUE;
  for (guint i = 0; i < L->decls->len; i++)
    {
      CDecl *d = g_ptr_array_index (L->decls, i);
      if (d->kind == C_DECL_VAR && d->file_scope && d->storage != C_STORAGE_STATIC
          && d->storage != C_STORAGE_TYPEDEF && !d->in_system)
        {
          RfCObj *r = lower_root_of_decl (L, d, NULL);
          if (r)
            r->reachable = TRUE;
        }
    }
}

/* The points-to analysis of the unit, after the pre-pass: STARTED are the functions
 * called from outside (main, or the entries and init of module mode). */
void
lower_points_analyse (Lower *L, GPtrArray *started)
{
  RfCPointsOptions opts = {
    .objects = L->objs,
    .started = started,
    .indirect = L->pre.addr_func_list,
    .wrappers = L->pre.wrappers,
  };
  L->pts = rf_c_points_analyse (L->unit, L->ty, &opts);
  if (rf_c_points_has_unknown_calls (L->pts))
    L->pre.unknown_calls = TRUE;
}

/* Module mode: pointer parameters of entry functions point to client memory: the
 * untyped `client memory`, and for a pointer to a tagged struct or union T the client
 * root `struct T` (a summary: every client object of type T). When T holds a pthread
 * object (its lock), `struct T` also gets its representative (see track_params), and
 * the allocation sites whose whole objects such a parameter may point to (a
 * constructor's `malloc`, handed to the client) join its class: an access to them
 * through anything but a tracked parameter also touches `struct T`. */
void
lower_client_roots (Lower *L, GPtrArray *entries)
{
  GPtrArray *reps = g_ptr_array_new ();
  for (guint i = 0; i < entries->len; i++)
    {
      CDecl *fn = g_ptr_array_index (entries, i);
      for (guint j = 0; fn->params && j < fn->params->len; j++)
        {
          CDecl *p = g_ptr_array_index (fn->params, j);
          CType *t = strip (L, pointee (L, p->type));
          if (!is_pointerish (L, p->type))
            continue;
          RfCObj *any = lower_root_add (L, RF_C_OBJ_CLIENT, g_intern_string ("$client"), "client memory", NULL, TRUE,
                                  fn->loc);
          any->reachable = TRUE;
          g_autofree char *n = lower_client_name (L, t);
          if (n)
            {
              RfCObj *r = lower_root_add (L, RF_C_OBJ_CLIENT, g_intern_string (n), n, t, TRUE, fn->loc);
              r->reachable = TRUE;
              if (!r->rep && rf_c_type_holds_sync (L->ty, t))
                {
                  g_autofree char *k = g_strconcat ("$rep:", n, NULL);
                  r->rep = lower_root_add (L, RF_C_OBJ_CLIENT, g_intern_string (k), k, t, FALSE, fn->loc);
                  r->rep->representative = TRUE;
                  g_free (r->rep->name);
                  r->rep->name = g_strdup (r->name);  /* the same locations, seen exactly */
                  g_ptr_array_add (reps, r);
                }
            }
        }
    }
  for (guint i = 0; i < reps->len; i++)
    {
      RfCObj *client = g_ptr_array_index (reps, i);
      guint guessed = L->guessed;
      g_autoptr (GPtrArray) ps = lower_by_type (L, client->type);
      L->guessed = guessed;
      for (guint k = 0; k < ps->len; k++)
        {
          const RfCLoc *pl = g_ptr_array_index (ps, k);
          if (pl->obj->kind != RF_C_OBJ_HEAP || pl->path[0])
            continue;
          if (!pl->obj->clients)
            pl->obj->clients = g_ptr_array_new ();
          if (!g_ptr_array_find (pl->obj->clients, client, NULL))
            g_ptr_array_add (pl->obj->clients, client);
        }
    }
  g_ptr_array_unref (reps);
}

/* Module mode, representative objects. A race on a client object of type T (one
 * holding a lock) happens on some one object o; call it the representative. Every
 * call of an entry either gets o as its parameter P of type `T *`, or another object.
 * So each entry becomes several job types: one per choice for each such parameter
 * (at most TRACK_MAX of them). Where P stands for o, `P->f` is the representative's
 * `struct T.f`, one object: its lock gives exclusion. Where P stands for another
 * object, `P->f` touches none of T's client objects (a race there is a race on
 * another representative, the same by symmetry), only the module's own objects P
 * may point to, and a lock through P gives no exclusion. Any other pointer that may
 * reach a client object of type T (a copy kept in memory, a `void *`, an allocation
 * site of the class, see client_roots) touches the summary `struct T`: the same
 * locations, but a lock through it may denote several mutexes. This keeps every run
 * of the program, provided the parameter always holds the value the call got: it is
 * never assigned, its address is never taken, and the entry is not recursive. The
 * returned mask has bit i set for each parameter i so tracked. */
enum { TRACK_MAX = 2 };

static guint
track_params (Lower *L, CDecl *fn)
{
  guint mask = 0, n = 0;
  if (!L->module || g_hash_table_contains (L->pre.recursive, fn))
    return 0;
  for (guint i = 0; fn->params && i < fn->params->len && i < 32 && n < TRACK_MAX; i++)
    {
      CDecl *p = g_ptr_array_index (fn->params, i);
      if (g_hash_table_contains (L->pre.assigned, p) || g_hash_table_contains (L->pre.escaped, p) || !is_pointerish (L, p->type))
        continue;
      RfCObj *r = lower_param_client (L, p);
      if (r && r->rep)
        {
          mask |= 1u << i;
          n++;
        }
    }
  return mask;
}

/* The job types of entry FN, started as START: one per choice of representative or
 * other object for each tracked parameter (track_params). The first tracks them all;
 * the others are named after the parameters that stand for other objects. */
GArray *
lower_entry_jobs (Lower *L, CDecl *fn, RfStartKind start)
{
  GArray *ids = g_array_new (FALSE, FALSE, sizeof (guint));
  guint mask = track_params (L, fn);
  if (mask == 0)
    {
      guint id = start == RF_START_NONE ? lower_job_for (L, fn, NULL, NULL, NULL) : lower_job_add (L, fn, fn->name, start, 0, -1);
      if (start != RF_START_NONE)
        {
          g_hash_table_insert (L->jobs.of_fn, fn, GUINT_TO_POINTER (id + 1));
          g_queue_push_tail (&L->jobs.pending, GUINT_TO_POINTER (id + 1));
        }
      g_array_append_val (ids, id);
    }
  else
    {
      for (guint i = 0; i < 32; i++)
        if (mask & (1u << i))
          {
            CDecl *p = g_ptr_array_index (fn->params, i);
            RfCObj *r = lower_param_client (L, p);
            g_autofree char *key = g_strdup_printf ("track:%s", r->name);
            if (!g_hash_table_contains (L->warned, key))
              {
                g_hash_table_add (L->warned, g_steal_pointer (&key));
                rf_diags_add (L->diags, RF_DIAG_NOTE, p->loc, "'%s' objects given to entries (as '%s' of '%s') are "
                              "checked one at a time: a verdict on a location of '%s' holds for each object",
                              r->name, p->name, fn->name, r->name);
              }
          }
      for (guint other = 0; other <= mask; other++)
        {
          if ((other & ~mask) != 0)
            continue;
          g_autoptr (GString) name = g_string_new (fn->name);
          for (guint i = 0; i < 32; i++)
            if (other & (1u << i))
              g_string_append_printf (name, "%sother %s", name->len == strlen (fn->name) ? "[" : ", ",
                                      ((CDecl *) g_ptr_array_index (fn->params, i))->name);
          if (other)
            g_string_append_c (name, ']');
          /* not in job_of: a thread the module starts at FN gets a job of its own */
          guint id = lower_job_add (L, fn, name->str, start, 0, -1);
          g_array_index (L->jobs.track, guint, id) = mask & ~other;
          g_array_index (L->jobs.other, guint, id) = other;
          g_queue_push_tail (&L->jobs.pending, GUINT_TO_POINTER (id + 1));
          g_array_append_val (ids, id);
        }
    }
  for (guint i = 0; i < ids->len; i++)
    {
      RfJob *j = rf_program_get_job (L->prog, g_array_index (ids, guint, i));
      if (!j->call)
        j->call = g_strdup (fn->name);
    }
  return ids;
}

/* Adds to OUT (once) the bodies of the functions declared with attribute ATTR
 * ("constructor" or "destructor"), in file order. */
static void
attributed (Lower *L, const char *attr, GPtrArray *out)
{
  for (guint i = 0; i < L->decls->len; i++)
    {
      CDecl *d = g_ptr_array_index (L->decls, i);
      for (guint k = 0; d->kind == C_DECL_FUNC && !d->in_system && d->attrs && k < d->attrs->len; k++)
        {
          CDecl *def = lower_func_def (L, d->name);
          if (strstr (g_ptr_array_index (d->attrs, k), attr) && def && !g_ptr_array_find (out, def, NULL))
            g_ptr_array_add (out, def);
        }
    }
}

/* A program's constructors run in main's thread before main (ELF's .init_array, in an
 * order their priorities fix or the link does): lower_job runs them first in main's
 * job, each at most once, in any order (warning once each). */
GPtrArray *
lower_constructors (Lower *L)
{
  GPtrArray *out = g_ptr_array_new ();
  attributed (L, "constructor", out);
  for (guint i = 0; i < out->len; i++)
    {
      CDecl *d = g_ptr_array_index (out, i);
      g_autofree char *key = g_strdup_printf ("callback:%s", d->name);
      lower_warn (L, d->loc, key, "'%s' is a constructor: assumed run by main's thread before main, at most once, "
                 "in any order with the other constructors", d->name);
    }
  return out;
}

/* Functions whose address reaches code without a body (qsort's comparator, an atexit
 * handler, a thrd_create start routine, a destructor given to pthread_key_create...),
 * functions with a destructor attribute, and in module mode those with a constructor
 * attribute (run when the module is loaded, by code racefree does not see): that code
 * may call them at any time, from any thread, any number of times, so each is a job
 * type started by any number of threads at once (as a module entry), its parameters
 * pointing anywhere. */
void
lower_callback_jobs (Lower *L)
{
  if (!L->pts)
    return;
  g_autoptr (GPtrArray) fns = rf_c_points_escaped_functions (L->pts);
  guint n_escaped = fns->len;
  /* destructors run at exit, while other threads may still run */
  g_autoptr (GPtrArray) runtime = g_ptr_array_new ();
  attributed (L, "destructor", runtime);
  guint n_dtors = runtime->len;
  if (L->module)
    attributed (L, "constructor", runtime);
  for (guint i = 0; i < runtime->len; i++)
    if (!g_ptr_array_find (fns, g_ptr_array_index (runtime, i), NULL))
      g_ptr_array_add (fns, g_ptr_array_index (runtime, i));
  for (guint i = 0; i < fns->len; i++)
    {
      CDecl *d = g_ptr_array_index (fns, i);
      if (d->in_system || !d->name || lower_func_def (L, d->name) != d)
        continue;
      g_autofree char *key = g_strdup_printf ("callback:%s", d->name);
      guint r;
      if (i < n_escaped)
        lower_warn (L, d->loc, key, "'%s' is passed to code without a body, which may call it: assumed called by "
                   "any number of threads at any time", d->name);
      else if (g_ptr_array_find (runtime, d, &r) && r < n_dtors)
        lower_warn (L, d->loc, key, "'%s' is a destructor, run at exit while other threads may run: assumed called "
                   "by any number of threads at any time", d->name);
      else
        lower_warn (L, d->loc, key, "'%s' is a constructor, run when the module is loaded: assumed called "
                   "by any number of threads at any time", d->name);
      guint id = lower_job_add (L, d, d->name, RF_START_ANY, 0, -1);
      rf_program_get_job (L->prog, id)->call = g_strdup (d->name);
      g_queue_push_tail (&L->jobs.pending, GUINT_TO_POINTER (id + 1));
    }
}
