/* rf-c-lower-sync: locks, rwlocks, condition variables, semaphores and pthread_once.
 *
 * Approach. A synchronisation object gives exclusion (or blocking) in the model only
 * when its operation's argument denotes exactly one object: one that is not a summary,
 * or the one in a representative cell (rf-c-lower-guess.c); then the operation is the
 * net rule its builder quotes. An operation certainly on another cell than the
 * representative is a skip, silently (the model has no object for it). Otherwise the
 * operation is a skip
 * (with a warning), and when it releases (an unlock, a post, the unlock inside a wait)
 * every object it may denote is demoted: it gives no exclusion anywhere, since leaving
 * the release out could block threads that really run on (rf-c-lower-finish.c applies
 * the demotions). */
#include "rf-c-lower-private.h"

#include <string.h>

/* The op of a call that may block but whose object the model does not follow: a skip,
 * or, in a program that takes spinlocks (where blocking is a question), a sleep. */
RfOpKind
lower_blocking_skip (const Lower *L)
{
  return L->pre.spins ? RF_OP_SLEEP : RF_OP_SKIP;
}

void
lower_handle_mark (Lower *L, CDecl *d, int state)
{
  if (!d)
    return;
  int old = GPOINTER_TO_INT (g_hash_table_lookup (L->pre.handles, d));
  g_hash_table_insert (L->pre.handles, d, GINT_TO_POINTER (old | state));
}

/* The names of the pthread objects (mutexes, semaphores, ...) inside place P. */
static void
sync_leaves (Lower *L, const char *name, CType *type, GPtrArray *out, int depth)
{
  if (rf_c_type_sync_kind (type))
    {
      g_ptr_array_add (out, g_strdup (name));
      return;
    }
  CType *t = strip (L, type);
  if (depth > 8 || !t)
    return;
  if (t->kind == C_TYPE_ARRAY)
    {
      g_autofree char *p = g_strconcat (name, "[]", NULL);
      sync_leaves (L, p, t->base, out, depth + 1);
    }
  else if ((t->kind == C_TYPE_STRUCT || t->kind == C_TYPE_UNION) && t->tag && t->tag->members)
    for (guint i = 0; i < t->tag->members->len; i++)
      {
        CDecl *m = g_ptr_array_index (t->tag->members, i);
        g_autofree char *p = m->name ? g_strconcat (name, ".", m->name, NULL) : g_strdup (name);
        sync_leaves (L, p, m->type, out, depth + 1);
      }
}

/* Every mutex and semaphore in PLACES stops giving exclusion (or blocking): an
 * operation the model cannot attribute to one of them may release one. WHY says
 * which (owned by the caller). */
void
lower_demote (Lower *L, GPtrArray *places, const char *why)
{
  for (guint i = 0; places && i < places->len; i++)
    {
      const RfCLoc *pl = g_ptr_array_index (places, i);
      g_autofree char *name = place_name (pl);
      g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
      sync_leaves (L, name, pl->type, names, 0);
      for (guint k = 0; k < names->len; k++)
        if (!g_hash_table_contains (L->sync.demoted, g_ptr_array_index (names, k)))
          g_hash_table_insert (L->sync.demoted, g_strdup (g_ptr_array_index (names, k)), g_strdup (why));
    }
}

/* The mutex, condition variable or semaphore ARG (a pointer) denotes exactly, or -1
 * (then a warning names the expression). RELEASES: the operation gives the object a
 * token (unlock, the unlock inside a wait, sem_post, sem_init); when ARG may denote
 * several objects, every one of them is demoted (see demote_places), since leaving
 * the token out could block other threads that really run on. */
gint
lower_sync_var (Lower *L, CExpr *arg, RfVarKind kind, RfLoc loc, gboolean releases)
{
  L->other_obj = FALSE;
  L->rep_cell = NULL;
  g_autoptr (GPtrArray) ps = lower_deref (L, arg);
  gboolean other = L->other_obj;
  /* one object: not a summary, or the one of a representative cell (rf-c-lower-guess.c) */
  gboolean one = !other && lower_one_object (L, ps);
  g_clear_pointer (&L->sync.reason, g_free);
  if (L->quiet)
    return -1;
  /* through an entry parameter standing for another object than the representative
   * (track_params): no object of the model, but maybe one of the module's own; or
   * in another cell than the representative (rf-c-lower-guess.c) */
  if (other && ps->len == 0)
    return -1;
  g_autoptr (GString) txt = g_string_new (NULL);
  CExpr *p = c_peel (arg);
  c_expr_text (p && p->kind == C_EXPR_UNARY && p->op == C_OP_ADDR ? p->a : p, txt);
  /* "lock 'p' may denote several mutexes: no mutual exclusion assumed" */
  gboolean rw = kind == RF_VAR_RWLOCK;
  const char *what = kind == RF_VAR_LOCK || rw ? "lock" : kind == RF_VAR_SEM ? "semaphore" : "condition variable";
  const char *objects = kind == RF_VAR_LOCK ? "mutexes" : rw ? "rwlocks" : kind == RF_VAR_SEM ? "semaphores" : "objects";
  const char *object = kind == RF_VAR_LOCK ? "mutex" : rw ? "rwlock" : kind == RF_VAR_SEM ? "semaphore" : "object";
  const char *effect = kind == RF_VAR_LOCK || rw ? "no mutual exclusion assumed"
                       : kind == RF_VAR_SEM ? "no synchronisation assumed" : "waits wake up spuriously";
  g_autofree char *key = g_strdup_printf ("sync:%s:%u:%u", loc.file, loc.line, loc.col);
  if (ps->len == 0)
    {
      /* A private (never escaping) local: no other thread can use it. */
      CExpr *q = p && p->kind == C_EXPR_UNARY && p->op == C_OP_ADDR ? c_peel (p->a) : NULL;
      while (q && (q->kind == C_EXPR_MEMBER && !q->arrow))
        q = c_peel (q->a);
      if (!(q && q->kind == C_EXPR_IDENT && q->decl && !c_is_static_object (q->decl)))
        {
          lower_warn (L, loc, key, "%s '%s' denotes no known %s: %s", what, txt->str, object, effect);
          g_free (L->sync.reason);
          L->sync.reason = g_strdup_printf ("%s '%s' (%s:%u:%u) denotes no known %s: %s", what, txt->str,
                                            loc.file ? loc.file : "?", loc.line, loc.col, object, effect);
        }
      return -1;
    }
  const RfCLoc *pl = g_ptr_array_index (ps, 0);
  if (one)
    {
      g_autofree char *name = place_name (pl);
      gint v = lower_var (L, name, kind, pl->obj->loc);
      if (v >= 0 && L->rep_cell)
        rf_program_set_one_of_many (L->prog, (guint) v);  /* a representative element's */
      if (v >= 0)
        return v;
    }
  lower_warn (L, loc, key, "%s '%s' may denote several %s: %s", what, txt->str, objects, effect);
  g_free (L->sync.reason);
  L->sync.reason = g_strdup_printf ("%s '%s' (%s:%u:%u) may denote several %s: %s", what, txt->str,
                                    loc.file ? loc.file : "?", loc.line, loc.col, objects, effect);
  if (releases && (kind == RF_VAR_LOCK || kind == RF_VAR_SEM || rw))
    {
      g_autofree char *why = g_strdup_printf ("'%s' at %s:%u:%u may denote it and several others", txt->str,
                                              loc.file ? loc.file : "?", loc.line, loc.col);
      lower_demote (L, ps, why);
    }
  return -1;
}

/* The variable an lvalue `t`, `t[i]`, `t.f` (any mix) is part of, or NULL; PATH (or
 * NULL) gets the part: "", "[]", ".f". */
CDecl *
lower_handle_root (Lower *L, CExpr *e, GString *path)
{
  e = c_peel (e);
  g_autoptr (GString) p = g_string_new (NULL);
  while (e && ((e->kind == C_EXPR_MEMBER && !e->arrow)
               || (e->kind == C_EXPR_INDEX && strip (L, type_of (L, e->a))
                   && strip (L, type_of (L, e->a))->kind == C_TYPE_ARRAY)))
    {
      if (e->kind == C_EXPR_MEMBER)
        {
          g_string_prepend (p, e->text ? e->text : "?");
          g_string_prepend_c (p, '.');
        }
      else
        g_string_prepend (p, "[]");
      e = c_peel (e->a);
    }
  if (!e || e->kind != C_EXPR_IDENT || !e->decl || e->decl->kind != C_DECL_VAR)
    return NULL;
  if (path)
    g_string_append (path, p->str);
  return e->decl;
}

/* The semaphore that threads created with handle lvalue E post when they end (for
 * pthread_join(E) to take), or -1 when E is not a joinable handle. */
static gint handle_sem (Lower *L, CExpr *e, const char *role_of);

gint
lower_handle_sem (Lower *L, CExpr *e)
{
  return handle_sem (L, e, NULL);
}

gint
lower_handle_sem_role (Lower *L, CExpr *e, const char *role)
{
  return handle_sem (L, e, role);
}

/* ROLE_OF: the role's suffix, or NULL for the creator's (see below). */
static gint
handle_sem (Lower *L, CExpr *e, const char *role_of)
{
  g_autoptr (GString) path = g_string_new (NULL);
  CDecl *d = lower_handle_root (L, e, path);
  /* a role's semaphore is the join plan's (rf-c-lower-joinall-elem.c), whose checks
   * stand for the handle's being joinable */
  if (!d || (!role_of && GPOINTER_TO_INT (g_hash_table_lookup (L->pre.handles, d)) != (HANDLE_CREATED | HANDLE_JOINED)))
    return -1;
  /* a handle local to a thread given an index is created and joined by that thread
   * alone: its children's exits are told apart by the creator's role (the one thread
   * given the representative index, or the others), which only makes a join wait for
   * a child of its own class */
  gint given = L->job && L->job_id < L->jobs.arg_index->len ? g_array_index (L->jobs.arg_index, gint, L->job_id)
               : ELEM_NONE;
  const char *role = role_of ? role_of
                     : given == ELEM_NONE || d->file_scope || c_is_static_object (d) ? ""
                     : given == ELEM_REP ? "@the index" : "@another index";
  g_autofree char *name = g_strdup_printf ("exited$%s%s%s", d->name, path->str, role);
  gint sem = lower_var (L, name, RF_VAR_SEM, d->loc);
  if (sem >= 0)
    lower_handle_note (L, d, path->str, *role != '\0', (guint) sem);
  return sem;
}

/* A mutex trylock/timedlock, an rwlock try/timed rdlock/wrlock or sem_trywait/timedwait,
 * or a mutex lock or sem_wait whose result is tested: it takes the lock (or a token)
 * and goes to SUCCESS, or goes to FAILURE without (either may happen: a timeout or a
 * spurious failure is always possible; a lock may fail with EDEADLK, a robust mutex's
 * EOWNERDEAD even gives it, and a failure path without it only adds behaviour). */
void
lower_trylock (Lower *L, CExpr *call, guint success, guint failure)
{
  const char *name = c_callee_name (call);
  RfCLibcEffect k = lower_effect_of (name);
  gboolean sem = k == RF_C_LIBC_SEM_TRYWAIT || k == RF_C_LIBC_SEM_WAIT;
  gboolean rw = k == RF_C_LIBC_TRY_RDLOCK || k == RF_C_LIBC_TRY_WRLOCK;
  RfOpKind op = sem ? RF_OP_TAKE : !rw ? RF_OP_ACQUIRE : k == RF_C_LIBC_TRY_RDLOCK ? RF_OP_RDLOCK : RF_OP_WRLOCK;
  CExpr *arg = call->args && call->args->len > 0 ? g_ptr_array_index (call->args, 0) : NULL;
  gint m = lower_sync_var (L, arg, sem ? RF_VAR_SEM : rw ? RF_VAR_RWLOCK : RF_VAR_LOCK, call->loc, FALSE);
  for (guint i = 1; call->args && i < call->args->len; i++)
    lower_eval (L, g_ptr_array_index (call->args, i));
  g_autoptr (GString) txt = g_string_new (NULL);
  c_expr_text (arg, txt);
  g_autofree char *s = g_strdup_printf ("%s(%s) succeeds", name, txt->str);
  g_autofree char *f = g_strdup_printf ("%s(%s) fails", name, txt->str);
  /* only a lock or sem_wait whose result is tested blocks: a try or timed one gives up */
  gboolean blocks = k == RF_C_LIBC_LOCK || k == RF_C_LIBC_SEM_WAIT;
  lower_edge (L, L->cur, success, m < 0 ? RF_OP_SKIP : op, m, !blocks ? RF_ACQUIRE_TRY : -1, call->loc, s);
  if (m >= 0 && !sem && !rw && g_str_has_prefix (name, "pthread_spin_"))
    rf_program_set_spin (L->prog, (guint) m);
  if (m < 0 && !sem)
    lower_no_excl (L, TRUE, txt->str, L->sync.reason);
  if (m < 0 && blocks && L->sync.reason)
    rf_program_add_unfollowed (L->prog, call->loc, L->sync.reason);
  lower_edge (L, L->cur, failure, RF_OP_SKIP, -1, -1, call->loc, f);
}

/* lock m: pc_i + m -> pc_j; unlock m: pc_i -> pc_j + m (a skip when m denotes no one
 * mutex). */
void
lower_lock_call (Lower *L, CExpr *e, const char *name, const RfCLibcFunc *lib, RfLoc loc)
{
  RfCLibcEffect k = lib->effect;
  gint m = lower_sync_var (L, c_arg (e, 0), RF_VAR_LOCK, loc, k == RF_C_LIBC_UNLOCK);
  g_autoptr (GString) t = g_string_new (NULL);
  c_expr_text (c_arg (e, 0), t);
  g_autofree char *txt = m < 0 ? g_strdup_printf ("%s(%s): no exclusion", name, t->str) : NULL;
  RfOpKind skip = k == RF_C_LIBC_LOCK && !g_str_has_prefix (name, "pthread_spin_") ? lower_blocking_skip (L)
                                                                                   : RF_OP_SKIP;
  lower_emit (L, m < 0 ? skip : k == RF_C_LIBC_LOCK ? RF_OP_ACQUIRE : RF_OP_RELEASE, m, -1, loc, txt);
  if (m >= 0 && g_str_has_prefix (name, "pthread_spin_"))
    rf_program_set_spin (L->prog, (guint) m);
  if (m < 0)
    lower_no_excl (L, k == RF_C_LIBC_LOCK, t->str, k == RF_C_LIBC_LOCK ? L->sync.reason : "");
  if (m < 0 && k == RF_C_LIBC_LOCK && L->sync.reason)
    rf_program_add_unfollowed (L->prog, loc, L->sync.reason);
}

/* rdlock L: pc_i + L -> pc_j + L; wrlock L: pc_i + L -> pc_j; unlock L: in the mode
 * the thread holds L (the net builder works it out). */
void
lower_rwlock_call (Lower *L, CExpr *e, const char *name, const RfCLibcFunc *lib, RfLoc loc)
{
  RfCLibcEffect k = lib->effect;
  /* the mode of an unlock is the one the thread holds: the net builder works it out */
  gboolean unlock = k == RF_C_LIBC_RWUNLOCK;
  gint m = lower_sync_var (L, c_arg (e, 0), RF_VAR_RWLOCK, loc, unlock);
  g_autoptr (GString) t = g_string_new (NULL);
  c_expr_text (c_arg (e, 0), t);
  g_autofree char *txt = m < 0 ? g_strdup_printf ("%s(%s): no exclusion", name, t->str) : NULL;
  RfOpKind op = unlock ? RF_OP_RWUNLOCK : k == RF_C_LIBC_RDLOCK ? RF_OP_RDLOCK : RF_OP_WRLOCK;
  lower_emit (L, m < 0 ? RF_OP_SKIP : op, m, -1, loc, txt);
  if (m < 0)
    lower_no_excl (L, !unlock, t->str, unlock ? "" : L->sync.reason);
}

/* trylock m, sem_trywait s (and the timed forms): it succeeds (takes m or a token)
 * or fails; either way on to the next node. */
void
lower_try_call (Lower *L, CExpr *e, const char *name, const RfCLibcFunc *lib, RfLoc loc)
{
  guint j = lower_node (L, loc);
  lower_trylock (L, e, j, j);
  L->cur = j;
}

/* wait c, m: pc_i -> pc_w + m; pc_w + Sig_c -> pc_a (or spuriously); pc_a + m -> pc_j
 * (with an unknown c: release m and take it again; with an unknown m: a skip). */
void
lower_wait_call (Lower *L, CExpr *e, const char *name, const RfCLibcFunc *lib, RfLoc loc)
{
  gint c = lower_sync_var (L, c_arg (e, 0), RF_VAR_COND, loc, FALSE);
  gint m = lower_sync_var (L, c_arg (e, 1), RF_VAR_LOCK, loc, TRUE);
  lower_eval_args (L, e, 2);
  if (c >= 0 && m >= 0)
    lower_emit (L, RF_OP_WAIT, c, m, loc, NULL);
  else if (m >= 0)
    {
      /* unknown condition variable: release, wake up spuriously, reacquire */
      lower_emit (L, RF_OP_RELEASE, m, -1, loc, NULL);
      lower_emit (L, RF_OP_ACQUIRE, m, -1, loc, NULL);
    }
  else
    lower_emit (L, lower_blocking_skip (L), -1, -1, loc, name);
}

/* signal c: pc_i -> pc_j + Sig_c; broadcast c likewise, for any number of waiters. */
void
lower_signal_call (Lower *L, CExpr *e, const char *name, const RfCLibcFunc *lib, RfLoc loc)
{
  RfCLibcEffect k = lib->effect;
  gint c = lower_sync_var (L, c_arg (e, 0), RF_VAR_COND, loc, FALSE);
  lower_emit (L, c < 0 ? RF_OP_SKIP : k == RF_C_LIBC_SIGNAL ? RF_OP_SIGNAL : RF_OP_BROADCAST, c, -1, loc, c < 0 ? name : NULL);
}

/* One of ROUTINES runs from the current node (none: nothing runs). */
static void
once_routines (Lower *L, GPtrArray *routines, RfLoc loc)
{
  if (routines->len == 0)
    return;
  if (routines->len == 1)
    {
      lower_inline (L, g_ptr_array_index (routines, 0), NULL);
      return;
    }
  guint from = L->cur, end = lower_node (L, loc);
  for (guint i = 0; i < routines->len; i++)
    {
      L->cur = from;
      lower_inline (L, g_ptr_array_index (routines, i), NULL);
      lower_edge (L, L->cur, end, RF_OP_SKIP, -1, -1, loc, NULL);
    }
  L->cur = end;
}

/* pthread_once (&o, f): the first caller takes o and runs f, then posts done$o;
 * every other caller takes done$o and posts it back. */
void
lower_once_call (Lower *L, CExpr *e, const char *name, const RfCLibcFunc *lib, RfLoc loc)
{
  lower_eval (L, c_arg (e, 0));
  lower_eval (L, c_arg (e, 1));
  /* the routine: `f`, `&f`, or a pointer, any function it may denote (one of them
   * runs); one without a body touches nothing shared (assumption 4) */
  g_autoptr (GPtrArray) routines = lower_callback_targets (L, c_arg (e, 1));
  g_autoptr (GString) rt = g_string_new (NULL);
  c_expr_text (c_arg (e, 1), rt);
  if (routines->len == 0)
    lower_warn (L, loc, NULL, "pthread_once: the init routine '%s' has no body here: assumed to touch no shared "
                "memory", rt->str);
  const char *rname = routines->len == 1 ? ((CDecl *) g_ptr_array_index (routines, 0))->name : rt->str;
  /* pthread_once (&o, f). With o one known object: the first caller takes the
   * lock `o` (free at start, never released) and runs f, then posts `done$o`;
   * every other caller waits for that token and puts it back. Otherwise: f runs
   * here or has run already (in any thread, maybe still running). */
  g_autoptr (GString) t = g_string_new (NULL);
  c_expr_text (c_arg (e, 0), t);
  gint o = lower_sync_var (L, c_arg (e, 0), RF_VAR_LOCK, loc, FALSE);
  g_autofree char *done_name = o >= 0 ? g_strdup_printf ("done$%s", rf_program_get_var (L->prog, o)->name) : NULL;
  gint done = o >= 0 ? lower_var (L, done_name, RF_VAR_SEM, rf_program_get_var (L->prog, o)->loc) : -1;
  g_autofree char *t_run = g_strdup_printf ("pthread_once(%s): runs %s", t->str, rname);
  g_autofree char *t_done = g_strdup_printf ("pthread_once(%s): %s has run", t->str, rname);
  g_autofree char *t_ran = g_strdup_printf ("pthread_once(%s): %s done", t->str, rname);
  guint start = L->cur, j = lower_node (L, loc);
  if (done >= 0)
    {
      guint run = lower_node (L, loc), waited = lower_node (L, loc);
      lower_edge (L, start, run, RF_OP_ACQUIRE, o, RF_ACQUIRE_TRY, loc, t_run);  /* else waits for done$o */
      lower_edge (L, start, waited, RF_OP_TAKE, done, -1, loc, t_done);
      lower_edge (L, waited, j, RF_OP_POST, done, -1, loc, t_done);
      L->cur = run;
      once_routines (L, routines, loc);
      lower_edge (L, L->cur, j, RF_OP_POST, done, -1, loc, t_ran);
    }
  else
    {
      lower_edge (L, start, j, RF_OP_SKIP, -1, -1, loc, "pthread_once: already done");
      once_routines (L, routines, loc);
      lower_edge (L, L->cur, j, RF_OP_SKIP, -1, -1, loc, NULL);
    }
  L->cur = j;
}

/* sem_init (s, pshared, v): post s v times (any number of times when v is not a
 * small constant). */
void
lower_sem_init_call (Lower *L, CExpr *e, const char *name, const RfCLibcFunc *lib, RfLoc loc)
{
  /* sem_init (s, pshared, value): VALUE tokens (any number when not a
   * constant) */
  gint s = lower_sync_var (L, c_arg (e, 0), RF_VAR_SEM, loc, TRUE);
  lower_eval_args (L, e, 1);
  gint64 value = 0;
  gboolean known = c_const_int (c_arg (e, 2), &value) && value >= 0 && value <= 64;
  if (s < 0)
    return;
  g_autoptr (GString) t = g_string_new (NULL);
  c_expr_text (c_arg (e, 0), t);
  g_autofree char *txt = g_strdup_printf ("sem_init(%s): one token", t->str);
  if (known)
    for (gint64 i = 0; i < value; i++)
      lower_emit (L, RF_OP_POST, s, -1, loc, txt);
  else
    {
      lower_warn (L, loc, NULL, "sem_init(%s) with a value that is not a small constant: any number of tokens assumed",
                 t->str);
      lower_edge (L, L->cur, L->cur, RF_OP_POST, s, -1, loc, txt);
    }
}

/* post s: pc_i -> pc_j + s; wait s: pc_i + s -> pc_j. */
void
lower_sem_call (Lower *L, CExpr *e, const char *name, const RfCLibcFunc *lib, RfLoc loc)
{
  RfCLibcEffect k = lib->effect;
  gint s = lower_sync_var (L, c_arg (e, 0), RF_VAR_SEM, loc, k == RF_C_LIBC_SEM_POST);
  g_autoptr (GString) t = g_string_new (NULL);
  c_expr_text (c_arg (e, 0), t);
  g_autofree char *txt = g_strdup_printf ("%s(%s)%s", name, t->str, s < 0 ? ": no synchronisation" : "");
  lower_emit (L, s >= 0 ? (k == RF_C_LIBC_SEM_POST ? RF_OP_POST : RF_OP_TAKE)
                        : k == RF_C_LIBC_SEM_POST ? RF_OP_SKIP : lower_blocking_skip (L), s, -1, loc, txt);
}

/* Synchronisation the model does not follow (pthread_barrier_wait, but at a barrier
 * rf-c-lower-joinall-barrier.c follows): a skip, and a warning. */
void
lower_nosync_call (Lower *L, CExpr *e, const char *name, const RfCLibcFunc *lib, RfLoc loc)
{
  lower_eval_args (L, e, 0);
  if (lower_joinall_barrier_wait (L, e, loc))
    return;  /* a barrier every thread of a create loop passes once */
  lower_warn (L, loc, name, "%s is not modelled: no synchronisation assumed", name);
}
