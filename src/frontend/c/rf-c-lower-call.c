/* rf-c-lower-call: calls lowered: library effects, code without a body, inlining.
 *
 * Approach. A call of a function with a body is inlined (a Frame binds its parameters
 * to the argument expressions; a recursive call jumps back to the active instance, and
 * a call of a shared function to its one copy in the thread: rf-c-lower-share.c). A
 * call of a library function of rf-c-libc.h is lowered by the builder of its effect
 * (the memory builders here, synchronisation in rf-c-lower-sync.c, threads and handlers
 * in rf-c-lower-jobs.c). Any other function without a body reads and writes what its
 * pointer arguments point to, may release a lock it is given, and may call back the
 * functions it is given; a call through a pointer goes to every function its
 * points-to set holds, else to every address-taken function with as many parameters. */
#include "rf-c-lower-private.h"

#include <string.h>

static void lower_callbacks (Lower *L, CExpr *e, const char *name);

/* A va_list argument stands for the variable arguments of the function that started
 * it: those of the innermost variadic function being inlined (vprintf reads what
 * they point to, vscanf writes it). Each is resolved where the call that passed it
 * is; with no such call (a thread's entry is variadic, or takes a va_list), any
 * object may be reached. */
static void
access_through_va_list (Lower *L, CExpr *arg, int mode, gboolean atomic, RfLoc loc)
{
  lower_eval (L, arg);
  Frame *f = L->frame;
  while (f && !(f->fn && strip (L, f->fn->type) && strip (L, f->fn->type)->kind == C_TYPE_FUNCTION
                && strip (L, f->fn->type)->variadic))
    f = f->up;
  if (!f || !f->call)
    {
      lower_warn (L, loc, "va_list:unknown", "a va_list whose arguments are not known here: its pointers may "
                  "point to any object");
      g_autoptr (GPtrArray) ps = lower_by_type (L, NULL);
      lower_access (L, ps, mode, atomic, loc);
      return;
    }
  guint named = f->fn->params ? f->fn->params->len : 0;
  for (guint i = named; f->call->args && i < f->call->args->len; i++)
    {
      CExpr *a = g_ptr_array_index (f->call->args, i);
      if (!is_pointerish (L, type_of (L, a)) || c_peel (a)->kind == C_EXPR_STRING)
        continue;
      Frame *save = L->frame;
      L->frame = f->up;
      L->quiet++;
      GPtrArray *ps = lower_deref (L, a);
      L->quiet--;
      L->frame = save;
      lower_access (L, ps, mode, atomic, loc);
      g_ptr_array_unref (ps);
    }
}

/* Pointer arguments of a summarised call: read (or write) what they point to. */
/* T (a pointer type) points to a C library stream: `FILE *` (glibc's `struct _IO_FILE`,
 * BSD's `struct __sFILE`). */
static gboolean
points_to_stream (Lower *L, CType *t)
{
  CType *p = pointee (L, t);
  for (guint depth = 0; p && depth < 16; depth++)
    {
      if (p->kind == C_TYPE_TYPEDEF && p->tdef && p->tdef->name && strcmp (p->tdef->name, "FILE") == 0)
        return TRUE;
      if ((p->kind == C_TYPE_STRUCT) && p->tag && p->tag->name
          && (strcmp (p->tag->name, "_IO_FILE") == 0 || strcmp (p->tag->name, "__sFILE") == 0))
        return TRUE;
      if (p->kind != C_TYPE_TYPEDEF || !p->tdef)
        break;
      p = p->tdef->type;
    }
  return FALSE;
}

void
lower_access_through (Lower *L, CExpr *arg, int mode, gboolean atomic, RfLoc loc)
{
  CExpr *p = c_peel (arg);
  if (!p || p->kind == C_EXPR_STRING)
    return;
  CType *at = strip (L, type_of (L, arg));
  if (at && at->kind == C_TYPE_BASIC && at->basic == C_BASIC_VA_LIST)
    {
      access_through_va_list (L, arg, mode, atomic, loc);
      return;
    }
  /* a stream is the C library's (stdin, fopen's result): what a stdio function does
   * to it is its `stdio streams` state (assumption 5), not memory of the program */
  if (!is_pointerish (L, type_of (L, arg)) || points_to_stream (L, type_of (L, arg)))
    {
      lower_eval (L, arg);
      return;
    }
  /* what a library function reads or writes through a pointer may reach past the
   * element it points to: no split applies (rf-c-lower-elems.c); but not past a scalar
   * variable or struct member whose address it is given (`rand_r (&t->seed)`): C
   * allows no access beyond an object through a pointer to it, unless the object is an
   * array element (`memset (&a[i], 0, n * sizeof *a)` is fine C): assumption 3 */
  CExpr *obj = p->kind == C_EXPR_UNARY && p->op == C_OP_ADDR ? c_peel (p->a) : NULL;
  CType *tt = obj && (obj->kind == C_EXPR_MEMBER || obj->kind == C_EXPR_IDENT) ? strip (L, type_of (L, obj)) : NULL;
  gboolean scalar = tt && (tt->kind == C_TYPE_BASIC || tt->kind == C_TYPE_POINTER || tt->kind == C_TYPE_ENUM);
  L->elems_off += !scalar;
  g_autoptr (GPtrArray) ps = lower_deref (L, arg);
  L->elems_off -= !scalar;
  lower_access (L, ps, mode, atomic, loc);
}

CDecl *
lower_func_def (Lower *L, const char *name)
{
  return name ? g_hash_table_lookup (L->funcs, name) : NULL;
}

void
lower_eval_args (Lower *L, CExpr *call, guint from)
{
  for (guint i = from; call->args && i < call->args->len; i++)
    lower_eval (L, g_ptr_array_index (call->args, i));
}

/* A library function that reads and writes through its arguments (rf-c-libc.h):
 * read v:  pc_i -> ... -> pc_j for every leaf v of what an argument read through points
 * to, then the writes alike; arguments that are not pointers are only evaluated. */
static void
lower_memory_call (Lower *L, CExpr *e, const char *name, const RfCLibcFunc *lib, RfLoc loc)
{
  RfCLibcEffect k = lib->effect;
  guint n = e->args ? e->args->len : 0;
  switch (k)
    {
    case RF_C_LIBC_READS: case RF_C_LIBC_READS_WRITES:
      for (guint i = 0; i < n; i++)
        lower_access_through (L, c_arg (e, i), k == RF_C_LIBC_READS ? ACC_READ : ACC_RW, FALSE, loc);
      return;
    case RF_C_LIBC_WRITE0: case RF_C_LIBC_WRITE0_ONLY:
      for (guint i = 1; i < n; i++)
        if (k == RF_C_LIBC_WRITE0)
          lower_access_through (L, c_arg (e, i), ACC_READ, FALSE, loc);
        else
          lower_eval (L, c_arg (e, i));
      if (n > 0)
        lower_access_through (L, c_arg (e, 0), ACC_WRITE, FALSE, loc);
      return;
    case RF_C_LIBC_WRITE1: case RF_C_LIBC_STRTOK:
      for (guint i = 0; i < n; i++)
        lower_access_through (L, c_arg (e, i), k == RF_C_LIBC_STRTOK ? (i == 0 ? ACC_WRITE : i == 2 ? ACC_RW : ACC_READ)
                                          : i == 1 ? ACC_WRITE : ACC_READ, FALSE, loc);
      if (k == RF_C_LIBC_STRTOK && !L->quiet)
        {
          /* strtok (NULL, ...) goes on in the string the saved pointer points into:
           * it writes where its result points (the token's end) */
          g_autoptr (GPtrArray) ps = lower_value_places (L, e, pointee (L, type_of (L, e)));
          lower_access (L, ps, ACC_WRITE, FALSE, loc);
        }
      return;
    case RF_C_LIBC_SORT: case RF_C_LIBC_SEARCH:
      for (guint i = 0; i < n; i++)
        if (is_pointerish (L, type_of (L, c_arg (e, i))))
          lower_access_through (L, c_arg (e, i), k == RF_C_LIBC_SORT && i == 0 ? ACC_RW : ACC_READ, FALSE, loc);
        else
          lower_eval (L, c_arg (e, i));
      lower_callbacks (L, e, name);
      return;
    case RF_C_LIBC_SCANF: case RF_C_LIBC_SSCANF:
      for (guint i = 0; i < n; i++)
        lower_access_through (L, c_arg (e, i), (i == 0 || (i == 1 && k == RF_C_LIBC_SSCANF)) ? ACC_READ : ACC_WRITE, FALSE, loc);
      return;
    case RF_C_LIBC_REALLOC:
      lower_access_through (L, c_arg (e, 0), ACC_RW, FALSE, loc);
      lower_eval_args (L, e, 1);
      return;
    case RF_C_LIBC_FREE:
      lower_access_through (L, c_arg (e, 0), ACC_WRITE, FALSE, loc);
      return;
    default:
      g_assert_not_reached ();
    }
}

/* A call of NAME (NULL: through a pointer, to code without a body) in a program that
 * cancels threads: a thread may be cancelled there (deferred cancellation) and unwind
 * to its cleanup handlers, or end holding what it holds. */
static void
cancel_point (Lower *L, CExpr *e, const char *name)
{
  if (!L->pre.cancels || !rf_c_libc_may_cancel (name) || L->quiet)
    return;
  g_autofree char *t = g_strdup_printf ("cancelled in %s", name ? name : "a call");
  if (!lower_unwind (L, e->loc, t))
    lower_edge (L, L->cur, L->exit_node, RF_OP_SKIP, -1, -1, e->loc, t);
}

/* exit, abort, pthread_exit: pc_i -> exit (the thread ends; other threads keep
 * running: an over-approximation of exit). */
static void
lower_exit_call (Lower *L, CExpr *e, const char *name, const RfCLibcFunc *lib, RfLoc loc)
{
  lower_eval_args (L, e, 0);
  /* exit, abort, pthread_exit: the thread ends (other threads keep running: an
   * over-approximation of exit); exit and abort end the process, which a thread's own
   * end does not (a thread may exit while it holds a mutex) */
  gboolean thread_only = strcmp (name, "pthread_exit") == 0 || strcmp (name, "thrd_exit") == 0;
  /* pthread_exit runs the cleanup handlers first (rf-c-lower-jump.c) */
  if (strcmp (name, "pthread_exit") == 0 && lower_unwind (L, loc, name))
    {
      lower_dead (L, loc);
      return;
    }
  lower_edge (L, L->cur, L->exit_node, RF_OP_SKIP, thread_only ? -1 : RF_SKIP_HALT, -1, loc, name);
  lower_dead (L, loc);
}

/* An atomic operation on *arg0: atomic$v: pc_i + atomic$v -> ... accesses of v ...
 * -> pc_j + atomic$v (a lock of its own around the access, so two atomic accesses
 * never race); further pointer arguments are plain accesses. */
static void
lower_atomic_call (Lower *L, CExpr *e, const char *name, const RfCLibcFunc *lib, RfLoc loc)
{
  RfCLibcEffect k = lib->effect;
  guint n = e->args ? e->args->len : 0;
  switch (k)
    {
    case RF_C_LIBC_ATOMIC_LOAD: case RF_C_LIBC_ATOMIC_LOAD_GENERIC:
      lower_access_through (L, c_arg (e, 0), ACC_READ, TRUE, loc);
      if (n > 2 && k == RF_C_LIBC_ATOMIC_LOAD_GENERIC)
        lower_access_through (L, c_arg (e, 1), ACC_WRITE, FALSE, loc);
      for (guint i = k == RF_C_LIBC_ATOMIC_LOAD_GENERIC ? 2 : 1; i < n; i++)
        lower_eval (L, c_arg (e, i));
      return;
    case RF_C_LIBC_ATOMIC_STORE: case RF_C_LIBC_ATOMIC_STORE_GENERIC:
      {
        gboolean generic = k == RF_C_LIBC_ATOMIC_STORE_GENERIC;
        for (guint i = 1; i < n; i++)
          if (generic && i == 1)
            lower_access_through (L, c_arg (e, 1), ACC_READ, FALSE, loc);
          else
            lower_eval (L, c_arg (e, i));
        lower_access_through (L, c_arg (e, 0), ACC_WRITE, TRUE, loc);
      }
      return;
    case RF_C_LIBC_ATOMIC_RMW:
      {
        /* RMW, exchange, compare-exchange: the first argument atomically read and
         * written; further pointer arguments (expected, result) are plain accesses */
        for (guint i = 1; i < n; i++)
          if (is_pointerish (L, type_of (L, c_arg (e, i))))
            lower_access_through (L, c_arg (e, i), ACC_RW, FALSE, loc);
          else
            lower_eval (L, c_arg (e, i));
        lower_access_through (L, c_arg (e, 0), ACC_RW, TRUE, loc);
      }
      return;
    default:
      g_assert_not_reached ();
    }
}

/* A function that cannot be over-approximated (a context switch): a located error. */
static void
lower_unsupported_call (Lower *L, CExpr *e, const char *name, const RfCLibcFunc *lib, RfLoc loc)
{
  if (lib->why)
    {
      /* a name of a family (glibc's macros rename some): name what the user wrote too */
      g_autofree char *as = lib->family && strcmp (name, lib->family) ? g_strdup_printf (" (as '%s')", name)
                                                                 : g_strdup ("");
      lower_error (L, loc, "unsupported: %s%s (%s)", lib->family ? lib->family : name, as, lib->why);
    }
  else
    lower_error (L, loc, "unsupported: %s", name);
}

/* A call of library function NAME (its row LIB) at E: the builder of its effect. */
static void
lower_library_call (Lower *L, CExpr *e, const char *name, const RfCLibcFunc *lib)
{
  RfLoc loc = e->a ? e->a->loc : e->loc;  /* the function's name */
  switch (lib->effect)
    {
    case RF_C_LIBC_UNMODELLED: case RF_C_LIBC_N_EFFECTS:
      return;
    case RF_C_LIBC_PURE: case RF_C_LIBC_ALLOC: case RF_C_LIBC_ATOMIC_FENCE: case RF_C_LIBC_DETACH_STATE:
      lower_eval_args (L, e, 0);
      return;
    case RF_C_LIBC_SLEEP:
      /* a step of its own only where blocking can be a misuse: under a spinlock */
      lower_eval_args (L, e, 0);
      if (L->pre.spins)
        lower_emit (L, RF_OP_SLEEP, -1, -1, loc, name);
      return;
    case RF_C_LIBC_DETACH:
      lower_detach_call (L, e, name, lib, loc);
      return;
    case RF_C_LIBC_READS: case RF_C_LIBC_READS_WRITES: case RF_C_LIBC_WRITE0: case RF_C_LIBC_WRITE0_ONLY:
    case RF_C_LIBC_WRITE1:
    case RF_C_LIBC_STRTOK: case RF_C_LIBC_SORT: case RF_C_LIBC_SEARCH: case RF_C_LIBC_SCANF:
    case RF_C_LIBC_SSCANF: case RF_C_LIBC_REALLOC: case RF_C_LIBC_FREE:
      lower_memory_call (L, e, name, lib, loc);
      return;
    case RF_C_LIBC_EXIT:
      lower_exit_call (L, e, name, lib, loc);
      return;
    case RF_C_LIBC_SETJMP: case RF_C_LIBC_LONGJMP: case RF_C_LIBC_CLEANUP_PUSH: case RF_C_LIBC_CLEANUP_POP:
    case RF_C_LIBC_UNWIND:
      lower_jump_call (L, e, name, lib, loc);
      return;
    case RF_C_LIBC_KEY_CREATE: case RF_C_LIBC_AT_EXIT:
      lower_handler_call (L, e, name, lib, loc);
      return;
    case RF_C_LIBC_SIGNAL_HANDLER: case RF_C_LIBC_SIGACTION:
      lower_signal_handler_call (L, e, name, lib, loc);
      return;
    case RF_C_LIBC_CREATE:
      lower_create_call (L, e, name, lib, loc);
      return;
    case RF_C_LIBC_JOIN:
      lower_join_call (L, e, name, lib, loc);
      return;
    case RF_C_LIBC_ONCE:
      lower_once_call (L, e, name, lib, loc);
      return;
    case RF_C_LIBC_LOCK: case RF_C_LIBC_UNLOCK:
      lower_lock_call (L, e, name, lib, loc);
      return;
    case RF_C_LIBC_RDLOCK: case RF_C_LIBC_WRLOCK: case RF_C_LIBC_RWUNLOCK:
      lower_rwlock_call (L, e, name, lib, loc);
      return;
    case RF_C_LIBC_TRYLOCK: case RF_C_LIBC_TRY_RDLOCK: case RF_C_LIBC_TRY_WRLOCK: case RF_C_LIBC_SEM_TRYWAIT:
      lower_try_call (L, e, name, lib, loc);
      return;
    case RF_C_LIBC_WAIT:
      lower_wait_call (L, e, name, lib, loc);
      return;
    case RF_C_LIBC_SIGNAL: case RF_C_LIBC_BROADCAST:
      lower_signal_call (L, e, name, lib, loc);
      return;
    case RF_C_LIBC_SEM_INIT:
      lower_sem_init_call (L, e, name, lib, loc);
      return;
    case RF_C_LIBC_SEM_POST: case RF_C_LIBC_SEM_WAIT:
      lower_sem_call (L, e, name, lib, loc);
      return;
    case RF_C_LIBC_NOSYNC:
      lower_nosync_call (L, e, name, lib, loc);
      return;
    case RF_C_LIBC_FORK:
      /* fork returns twice, in two processes; the model has one: the caller goes on
       * either as the parent or as the child (the return value is data, so both ways
       * are followed), in the same memory and beside the other threads. The parent's
       * runs are then the program's; the child's have threads the child does not
       * have, whose accesses and locks only add behaviour (races that may not be). */
      lower_eval_args (L, e, 0);
      lower_warn (L, loc, name, "%s: the child process is followed as this thread going on, in the same memory "
                  "and beside the other threads (races shown between them may not be real)", name);
      return;
    case RF_C_LIBC_ATOMIC_LOAD: case RF_C_LIBC_ATOMIC_LOAD_GENERIC: case RF_C_LIBC_ATOMIC_STORE:
    case RF_C_LIBC_ATOMIC_STORE_GENERIC: case RF_C_LIBC_ATOMIC_RMW:
      lower_atomic_call (L, e, name, lib, loc);
      return;
    case RF_C_LIBC_ATOMIC_BEGIN: case RF_C_LIBC_ATOMIC_END: case RF_C_LIBC_ASSUME:
      lower_svcomp_call (L, e, name, lib, loc);
      return;
    case RF_C_LIBC_UNSUPPORTED:
      lower_unsupported_call (L, e, name, lib, loc);
      return;
    }
}

/* ---- hidden library state ----
 * A call of a library function with hidden state (rf-c-libc.h: rand's seed,
 * localtime's static buffer, the environment, stdio's streams) reads or writes that
 * state, one named object per family of functions sharing it, after its own effect:
 * two threads calling rand race on `rand() state`. The pre-pass notes which modes the
 * program's calls use on each state (lower_state_note) and makes its root; the access
 * is lowered only when it can race: a state some call writes plainly, or one that is
 * read and also written under the library's lock (stdio's locked functions exclude
 * each other, not the _unlocked ones); a global variable the library writes (optarg,
 * tzname, signgam) only when the program's code names it. */

/* The pre-pass met a call of LIB (or its address). */
void
lower_state_note (Lower *L, const RfCLibcFunc *lib, RfLoc loc)
{
  guint n;
  const RfCLibcState *st = rf_c_libc_states (lib, &n);
  (void) loc;
  for (guint i = 0; i < n; i++)
    {
      if (rf_c_libc_state_is_variable (st[i].name))
        continue;
      guint m = GPOINTER_TO_UINT (g_hash_table_lookup (L->pre.state_modes, st[i].name));
      g_hash_table_insert (L->pre.state_modes, (gpointer) st[i].name, GUINT_TO_POINTER (m | (1u << st[i].mode)));
      RfCObj *r = lower_root_add (L, RF_C_OBJ_LIBSTATE, st[i].name, st[i].name, NULL, TRUE, RF_LOC_NONE);
      /* pointers reach the states results point into */
      if (lib->pointers == RF_C_LIBC_PTS_STATE && i == 0)
        r->reachable = TRUE;
    }
}

/* The places of state ST a call accesses as MODE, or NULL when the access cannot race
 * (see above). Owned. */
static GPtrArray *
state_places (Lower *L, const RfCLibcState *st)
{
  RfCObj *r;
  if (rf_c_libc_state_is_variable (st->name))
    {
      CDecl *d = g_hash_table_lookup (L->pre.globals_named, st->name);
      r = d ? lower_root_of_decl (L, d, NULL) : NULL;
    }
  else
    {
      guint m = GPOINTER_TO_UINT (g_hash_table_lookup (L->pre.state_modes, st->name)) | (1u << st->mode);
      gboolean races = (m & (1u << RF_C_LIBC_STATE_WRITE))
                       || ((m & (1u << RF_C_LIBC_STATE_READ)) && (m & (1u << RF_C_LIBC_STATE_ATOMIC)));
      r = races ? lower_root_add (L, RF_C_OBJ_LIBSTATE, st->name, st->name, NULL, TRUE, RF_LOC_NONE) : NULL;
    }
  if (!r)
    return NULL;
  GPtrArray *ps = places_new ();
  g_ptr_array_add (ps, (gpointer) rf_c_objects_loc (L->objs, r, ""));
  return ps;
}

/* The hidden state a call E of LIB (may be NULL) accesses. */
static void
lower_library_state (Lower *L, CExpr *e, const RfCLibcFunc *lib)
{
  guint n;
  const RfCLibcState *st = rf_c_libc_states (lib, &n);
  if (n == 0 || (L->opts && L->opts->no_library_state))
    return;
  RfLoc loc = e->a ? e->a->loc : e->loc;
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (GPtrArray) ps = state_places (L, &st[i]);
      if (ps)
        lower_access (L, ps, st[i].mode == RF_C_LIBC_STATE_READ ? ACC_READ : ACC_WRITE,
                      st[i].mode == RF_C_LIBC_STATE_ATOMIC, loc);
    }
}

/* The functions with a body argument ARG (a function designator or pointer) may
 * denote: its points-to set when complete, else every address-taken function with
 * as many parameters as ARG's function type (any number when unknown). */
GPtrArray *
lower_callback_targets (Lower *L, CExpr *arg)
{
  GPtrArray *out = g_ptr_array_new ();
  CExpr *p = c_peel (arg);
  if (p && p->kind == C_EXPR_UNARY && p->op == C_OP_ADDR)
    p = c_peel (p->a);
  if (p && p->kind == C_EXPR_IDENT && p->decl && p->decl->kind == C_DECL_FUNC)
    {
      CDecl *d = lower_func_def (L, p->text);
      if (d)
        g_ptr_array_add (out, d);
      return out;
    }
  CType *t = strip (L, type_of (L, p));
  CType *ft = t && t->kind == C_TYPE_POINTER ? strip (L, t->base) : t;
  if (!ft || ft->kind != C_TYPE_FUNCTION)
    return out;
  g_autoptr (GPtrArray) locs = g_ptr_array_new ();
  if (L->pts && rf_c_points_lookup (L->pts, arg, NULL, locs))
    {
      for (guint i = 0; i < locs->len; i++)
        {
          const RfCLoc *l = g_ptr_array_index (locs, i);
          CDecl *d = l->obj->kind == RF_C_OBJ_FUNC ? lower_func_def (L, l->obj->decl->name) : NULL;
          if (d && !g_ptr_array_find (out, d, NULL))
            g_ptr_array_add (out, d);
        }
      return out;
    }
  guint np = ft->params ? ft->params->len : 0;
  for (guint i = 0; i < L->pre.addr_func_list->len; i++)
    {
      CDecl *d = g_ptr_array_index (L->pre.addr_func_list, i);
      if (!ft->params || (d->params ? d->params->len : 0) == np)
        g_ptr_array_add (out, d);
    }
  return out;
}

/* Code without a body that is given functions (qsort's comparator, bsearch, twalk...)
 * may call them, any number of times, before it returns: while (*) f (...); for each
 * function F an argument may denote. Their parameters are unknown to the points-to
 * analysis (it falls back on guesses by type). */
static void
lower_callbacks (Lower *L, CExpr *e, const char *name)
{
  for (guint i = 0; e->args && i < e->args->len; i++)
    {
      g_autoptr (GPtrArray) fs = lower_callback_targets (L, g_ptr_array_index (e->args, i));
      if (fs->len == 0)
        continue;
      g_autofree char *key = g_strdup_printf ("callback:%s:%u:%u:%u", e->loc.file, e->loc.line, e->loc.col, i);
      lower_warn (L, e->loc, key, "%s%s%s may call %s'%s'%s: assumed to call %s any number of times before it returns",
                 name ? "'" : "", name ? name : "a function through a pointer", name ? "'" : "",
                 fs->len > 1 ? "any of " : "", ((CDecl *) g_ptr_array_index (fs, 0))->name,
                 fs->len > 1 ? ", ..." : "", fs->len > 1 ? "them" : "it");
      guint loop = lower_node (L, e->loc);
      lower_edge (L, L->cur, loop, RF_OP_SKIP, -1, -1, e->loc, NULL);
      for (guint k = 0; k < fs->len; k++)
        {
          CDecl *f = g_ptr_array_index (fs, k);
          g_autofree char *t = g_strdup_printf ("%s calls back %s", name ? name : "callee", f->name);
          guint in = lower_node (L, e->loc);
          lower_edge (L, loop, in, RF_OP_SKIP, -1, -1, e->loc, t);
          L->cur = in;
          lower_inline (L, f, NULL);
          lower_edge (L, L->cur, loop, RF_OP_SKIP, -1, -1, e->loc, NULL);
        }
      L->cur = loop;
    }
}

static void
lower_unknown (Lower *L, CExpr *e, const char *name)
{
  if (name)
    {
      g_autofree char *key = g_strdup_printf ("unknown:%s", name);
      guint n_states = 0;
      rf_c_libc_states (rf_c_libc_lookup (name), &n_states);
      lower_warn (L, e->a ? e->a->loc : e->loc, key, "call to '%s', which has no body: assumed to touch no shared memory "
                 "except by reading and writing what its pointer arguments point to%s", name,
                 n_states ? " and its hidden library state" : "");
    }
  for (guint i = 0; e->args && i < e->args->len; i++)
    {
      CExpr *arg = g_ptr_array_index (e->args, i);
      lower_access_through (L, arg, ACC_RW, FALSE, e->loc);
      /* a mutex or semaphore it is given (by a pointer of its type, or to a struct
       * holding one) may be unlocked or posted there */
      CType *pt = pointee (L, type_of (L, c_peel (arg)));
      if (!L->quiet && pt && rf_c_type_holds_sync (L->ty, pt))
        {
          g_autoptr (GPtrArray) ps = lower_deref (L, arg);
          g_autoptr (GString) t = g_string_new (NULL);
          c_expr_text (arg, t);
          g_autofree char *why = g_strdup_printf ("'%s' is passed to %s%s%s at %s:%u:%u, which has no body", t->str,
                                                  name ? "'" : "a call through a function pointer", name ? name : "",
                                                  name ? "'" : "", e->loc.file ? e->loc.file : "?", e->loc.line,
                                                  e->loc.col);
          lower_demote (L, ps, why);
        }
    }
  lower_callbacks (L, e, name);
}

/* A frame for a call of FN at CALL (NULL: none) from frame UP (NULL: FN is what the
 * thread runs), or for a copy of FN that every caller shares (SHARED). */
Frame *
lower_frame_new (Lower *L, CDecl *fn, Frame *up, CExpr *call, gboolean shared)
{
  Frame *f = g_new0 (Frame, 1);
  f->fn = fn;
  f->up = up;
  f->call = shared ? NULL : call;
  f->ctx = rf_program_add_context (L->prog, up && !shared ? (gint) up->ctx : -1, fn->name,
                                   call && !shared ? call->loc : RF_LOC_NONE, shared);
  f->args = g_hash_table_new (NULL, NULL);
  f->labels = g_hash_table_new (g_str_hash, g_str_equal);
  f->brk = g_array_new (FALSE, FALSE, sizeof (guint));
  f->cont = g_array_new (FALSE, FALSE, sizeof (guint));
  f->brk_scope = g_array_new (FALSE, FALSE, sizeof (guint));
  f->cont_scope = g_array_new (FALSE, FALSE, sizeof (guint));
  f->scope_base = L->scope_cleanups->len;
  return f;
}

void
lower_frame_free (Frame *f)
{
  g_hash_table_unref (f->args);
  g_hash_table_unref (f->labels);
  g_array_unref (f->brk);
  g_array_unref (f->cont);
  g_array_unref (f->brk_scope);
  g_array_unref (f->cont_scope);
  if (f->cases)
    g_hash_table_unref (f->cases);
  g_free (f);
}

/* A call of FN that jumps to a copy of its body already lowered (entry ENTRY, return
 * RET) instead of inlining one: the copy's return may then come back here too. WHY
 * names the copy in the edges' texts ("recursive", "shared"). */
void
lower_call_copy (Lower *L, CDecl *fn, guint entry, guint ret, RfLoc loc, const char *why)
{
  g_autofree char *t1 = g_strdup_printf ("call %s (%s)", fn->name, why);
  g_autofree char *t2 = g_strdup_printf ("return from %s (%s)", fn->name, why);
  lower_edge (L, L->cur, entry, RF_OP_SKIP, -1, -1, loc, t1);
  guint after = lower_node (L, loc);
  lower_edge (L, ret, after, RF_OP_SKIP, -1, -1, loc, t2);
  L->cur = after;
}

/* Inlines FN's body at the current node (CALL gives the arguments, may be NULL).
 * A recursive call jumps back to the entry of the active instance and that
 * instance's return may come back after it: every call/return order is allowed,
 * an over-approximation of the call stack. */
void
lower_inline (Lower *L, CDecl *fn, CExpr *call)
{
  RfLoc loc = call ? call->loc : fn->loc;
  if (call)
    lower_eval_args (L, call, 0);
  for (Frame *f = L->frame; f; f = f->up)
    if (f->fn == fn)
      {
        lower_call_copy (L, fn, f->entry, f->ret, loc, "recursive");
        L->jumps.cycle = TRUE;  /* its unwinds: rf-c-lower-jump.c */
        return;
      }
  if (lower_share_reuse (L, fn, loc))
    return;
  gboolean share = lower_share_begin (L, fn);
  Frame *f = lower_frame_new (L, fn, L->frame, call, share);  /* a shared copy stands for every call */
  if (call && call == L->split_call)
    {
      f->split = TRUE;
      f->ret_t = L->split_t;
      f->ret_f = L->split_f;
      L->split_call = NULL;
    }
  if (L->too_large)
    return;
  if (L->job->nodes->len > (L->pre.share_level < LOWER_SHARE_LEVELS ? LOWER_NODE_CAP_TRY : LOWER_NODE_CAP))
    {
      /* rf_c_lower tries again, sharing more functions, before this is an error */
      L->too_large = TRUE;
      if (L->pre.share_level >= LOWER_SHARE_LEVELS)
        lower_error (L, loc, "unsupported: the program is too large to inline every call, even with one copy of "
                     "each function called from two places or more per thread (at the call of '%s')", fn->name);
      return;
    }
  if (call && call->args && fn->params && !share)
    for (guint i = 0; i < fn->params->len && i < call->args->len; i++)
      g_hash_table_insert (f->args, g_ptr_array_index (fn->params, i), g_ptr_array_index (call->args, i));
  /* the entry node only starts the body (a recursive call may jump to it) */
  guint entry = lower_node (L, fn->body->loc);
  g_autofree char *tc = g_strdup_printf ("call %s", fn->name);
  lower_edge (L, L->cur, entry, RF_OP_SKIP, -1, -1, loc, tc);
  f->entry = entry;
  f->ret = lower_node (L, fn->body->end);
  L->cur = entry;
  L->frame = f;
  GArray *caller_facts = L->facts;  /* a shared copy knows nothing of its caller's locals */
  GArray *caller_cleanups = NULL;
  if (share)
    L->facts = NULL, lower_jump_share_begin (L, &caller_cleanups);
  lower_stmt (L, fn->body);
  if (share)
    {
      lower_jump_share_end (L, caller_cleanups);
      if (L->facts)
        g_array_unref (L->facts);
      L->facts = caller_facts;
    }
  g_autofree char *tr = g_strdup_printf ("return from %s", fn->name);
  lower_edge (L, L->cur, f->ret, RF_OP_SKIP, -1, -1, fn->body->end, tr);
  L->cur = f->ret;
  L->frame = f->up;
  if (share)
    lower_share_done (L, fn, f->entry, f->ret);
  lower_frame_free (f);
}

void
lower_call (Lower *L, CExpr *e)
{
  const char *name = c_callee_name (e);
  CDecl *def = lower_func_def (L, name);
  const RfCLibcFunc *f = rf_c_libc_lookup (name);
  if (name && !def)
    cancel_point (L, e, name);
  if (f && (f->flags & RF_C_LIBC_CANCELS) && L->pre.async_cancels)
    lower_warn (L, e->a ? e->a->loc : e->loc, "pthread_cancel", "pthread_cancel with pthread_setcanceltype: "
               "every thread may end at any point (asynchronous cancellation)");
  else if (f && (f->flags & RF_C_LIBC_CANCELS))
    lower_warn (L, e->a ? e->a->loc : e->loc, "pthread_cancel", "pthread_cancel: every thread may end at any "
               "call that may be a cancellation point (any call without a body but the pthread functions that "
               "are none)");
  if (name && rf_c_libc_lowers (f, def && !def->in_system))
    {
      lower_library_call (L, e, name, f);
      lower_library_state (L, e, f);
      return;
    }
  if (def)
    {
      if (!lower_svcomp_inline (L, def, e))
        lower_inline (L, def, e);
      if (def->in_system)
        lower_library_state (L, e, f);
      return;
    }
  if (name)
    {
      lower_unknown (L, e, name);
      lower_library_state (L, e, f);
      return;
    }
  /* A call through a function pointer: the functions of its points-to set when it is
   * complete (those without a body: as calls to them by name); else any address-taken
   * function with as many parameters. */
  lower_eval (L, e->a);
  guint nargs = e->args ? e->args->len : 0;
  GPtrArray *cands = g_ptr_array_new ();
  g_autoptr (GPtrArray) bodiless = g_ptr_array_new ();  /* const char*: names */
  g_autoptr (GPtrArray) locs = g_ptr_array_new ();
  if (L->pts && rf_c_points_lookup (L->pts, e->a, NULL, locs) && locs->len > 0)
    for (guint i = 0; i < locs->len; i++)
      {
        const RfCLoc *l = g_ptr_array_index (locs, i);
        CDecl *d = l->obj->kind == RF_C_OBJ_FUNC ? lower_func_def (L, l->obj->decl->name) : NULL;
        if (d && !g_ptr_array_find (cands, d, NULL))
          g_ptr_array_add (cands, d);
        else if (!d)
          g_ptr_array_add (bodiless, l->obj->kind == RF_C_OBJ_FUNC ? (gpointer) l->obj->decl->name : NULL);
      }
  else
    for (guint i = 0; i < L->pre.addr_func_list->len; i++)
      {
        CDecl *d = g_ptr_array_index (L->pre.addr_func_list, i);
        if (d->params && d->params->len == nargs)
          g_ptr_array_add (cands, d);
      }
  g_autoptr (GString) t = g_string_new (NULL);
  c_expr_text (e->a, t);
  /* a target with a body has its own cancellation points; one without may be one */
  if (bodiless->len > 0 || cands->len == 0)
    cancel_point (L, e, NULL);
  if (bodiless->len > 0)
    {
      /* targets without a body (or data): each a branch of its own */
      guint start = L->cur, j = lower_node (L, e->loc);
      for (guint i = 0; i < cands->len; i++)
        {
          L->cur = start;
          lower_inline (L, g_ptr_array_index (cands, i), e);
          lower_edge (L, L->cur, j, RF_OP_SKIP, -1, -1, e->loc, NULL);
        }
      for (guint i = 0; i < bodiless->len; i++)
        {
          const char *n = g_ptr_array_index (bodiless, i);
          L->cur = start;
          if (n && rf_c_libc_lowers (rf_c_libc_lookup (n), FALSE))
            lower_library_call (L, e, n, rf_c_libc_lookup (n));
          else
            lower_unknown (L, e, n);
          lower_library_state (L, e, rf_c_libc_lookup (n));
          lower_edge (L, L->cur, j, RF_OP_SKIP, -1, -1, e->loc, NULL);
        }
      L->cur = j;
    }
  else if (cands->len == 0)
    {
      g_autofree char *key = g_strdup_printf ("fp:%s", t->str);
      lower_warn (L, e->loc, key, "call through '%s' with no known target: assumed to touch no shared memory "
                 "except by reading and writing what its pointer arguments point to", t->str);
      lower_unknown (L, e, NULL);
    }
  else
    {
      guint start = L->cur, j = lower_node (L, e->loc);
      for (guint i = 0; i < cands->len; i++)
        {
          L->cur = start;
          lower_inline (L, g_ptr_array_index (cands, i), e);
          lower_edge (L, L->cur, j, RF_OP_SKIP, -1, -1, e->loc, NULL);
        }
      L->cur = j;
    }
  g_ptr_array_unref (cands);
}
