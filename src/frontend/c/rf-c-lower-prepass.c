/* rf-c-lower-prepass: what the lowering must know before it lowers any job.
 *
 * Approach. One walk over every function body and global initializer (system headers
 * left out) finds the objects that pointers may reach: globals and statics whose
 * address is taken (arrays, and array members, that decay included), locals whose
 * address escapes (anything but a direct argument of a known libc function, save the
 * first argument of one handing out a pointer into it and a value an atomic operation
 * stores), heap allocation sites (typed by the pointer they are assigned to), and
 * address-taken functions; how each pthread_t variable is used (thread handles);
 * which mutex types the program names; and the call graph, whose cycles mark the
 * recursive functions. Last, the allocation sites that run at most once in a run
 * (once_sites) stand for one object each, not a summary, and the globals only main
 * sets before it starts any thread are found (stable_globals). */
#include "rf-c-lower-private.h"

#include <string.h>

static void pre_expr (Lower *L, CExpr *e, guint flags, CType *hint);
static void pre_stmt (Lower *L, CStmt *s);

/* P_HANDLE: the operand of pthread_create's first argument `&t`; P_DISCARD: a value
 * that is dropped or only tested (an expression statement, a condition). */
enum { P_NOESC = 1, P_NODECAY = 2, P_HANDLE = 4, P_DISCARD = 8 };

static void
pre_init (Lower *L, CInit *in, CType *hint)
{
  if (!in)
    return;
  if (in->expr)
    {
      pre_expr (L, in->expr, 0, hint);
      return;
    }
  for (guint i = 0; in->items && i < in->items->len; i++)
    {
      CInitItem *it = g_ptr_array_index (in->items, i);
      pre_init (L, it->init, NULL);
    }
}

/* Marks the object lvalue E is part of as address-taken. */
static void
take_address (Lower *L, CExpr *e, guint flags)
{
  e = c_peel (e);
  while (e && ((e->kind == C_EXPR_MEMBER && !e->arrow)
               || (e->kind == C_EXPR_INDEX && strip (L, type_of (L, e->a))
                   && strip (L, type_of (L, e->a))->kind == C_TYPE_ARRAY)
               || (e->kind == C_EXPR_UNARY && (e->op == C_OP_REAL || e->op == C_OP_IMAG || e->op == C_OP_EXTENSION))))
    e = c_peel (e->a);
  if (e && e->kind == C_EXPR_GENERIC)
    {
      for (guint i = 0; e->args && i < e->args->len; i++)
        take_address (L, ((CGenericAssoc *) g_ptr_array_index (e->args, i))->expr, flags);
      return;
    }
  if (e && e->kind == C_EXPR_COMPOUND_LIT)
    {
      /* its address may reach another thread: an object of its own */
      g_autofree char *base = g_path_get_basename (e->loc.file ? e->loc.file : "?");
      g_autofree char *name = g_strdup_printf ("literal@%s:%u", base, e->loc.line);
      RfCObj *r = lower_root_add (L, RF_C_OBJ_LITERAL, e, name, e->type, TRUE, e->loc);
      r->reachable = TRUE;
      return;
    }
  if (!e || e->kind != C_EXPR_IDENT || !e->decl)
    return;
  CDecl *d = e->decl;
  if (d->kind == C_DECL_FUNC)
    {
      CDecl *def = lower_func_def (L, d->name);
      if (def && !g_hash_table_contains (L->pre.addr_funcs, def))
        {
          g_hash_table_add (L->pre.addr_funcs, def);
          g_ptr_array_add (L->pre.addr_func_list, def);
        }
      if (!def || def->in_system)
        lower_state_note (L, rf_c_libc_lookup (d->name), e->loc);  /* may be called through a pointer */
      return;
    }
  if (d->kind != C_DECL_VAR && d->kind != C_DECL_PARAM)
    return;
  lower_handle_mark (L, d, (flags & P_HANDLE) ? HANDLE_CREATED : HANDLE_BAD);
  if (c_is_static_object (d))
    {
      if (d->thread_local && !(flags & P_NOESC))
        g_hash_table_add (L->pre.escaped, d);
      RfCObj *r = lower_root_of_decl (L, d, L->pfn);
      if (r)
        r->reachable = TRUE;
      return;
    }
  g_hash_table_add (L->pre.assigned, d);
  if (!(flags & P_NOESC))
    g_hash_table_add (L->pre.escaped, d);
}

/* Argument I (> 0) of atomic operation CALL is a value of the atomic object's
 * pointer type (stored into it), not a pointer to such a value. */
static gboolean
atomic_value (Lower *L, CExpr *call, guint i)
{
  CExpr *obj = c_arg (call, 0), *a = c_arg (call, i);
  CType *w = pointee (L, type_of (L, obj)), *t = type_of (L, a);
  if (i == 0 || !a || !is_pointerish (L, w) || !is_pointerish (L, t))
    return FALSE;
  CType *pt = pointee (L, t);
  return !(is_pointerish (L, pt) && compatible (L, pt, w));
}

static void
pre_expr (Lower *L, CExpr *e, guint flags, CType *hint)
{
  if (!e)
    return;
  switch (e->kind)
    {
    case C_EXPR_IDENT:
      if (e->decl && e->decl->kind == C_DECL_VAR && e->decl->name && e->decl->storage != C_STORAGE_STATIC
          && (e->decl->file_scope || e->decl->storage == C_STORAGE_EXTERN))
        g_hash_table_insert (L->pre.globals_named, (gpointer) g_intern_string (e->decl->name), e->decl);
      /* mutex types (in pthread_mutexattr_settype, or a static initializer such as
       * PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP) */
      if (e->text && g_str_has_prefix (e->text, "PTHREAD_MUTEX_RECURSIVE"))
        L->pre.mutex_recursive = TRUE;
      else if (e->text && g_str_has_prefix (e->text, "PTHREAD_MUTEX_ERRORCHECK"))
        L->pre.mutex_other = TRUE;
      if (e->decl && e->decl->kind == C_DECL_FUNC)
        take_address (L, e, flags);
      else if (!(flags & P_NODECAY) && e->decl && strip (L, e->decl->type)
               && strip (L, e->decl->type)->kind == C_TYPE_ARRAY)
        take_address (L, e, flags);
      return;
    case C_EXPR_UNARY:
      if (e->op == C_OP_ADDR)
        {
          take_address (L, e->a, flags);
          pre_expr (L, e->a, P_NODECAY, NULL);
          return;
        }
      if (e->op == C_OP_PREINC || e->op == C_OP_PREDEC || e->op == C_OP_POSTINC || e->op == C_OP_POSTDEC)
        {
          CExpr *a = c_peel (e->a);
          if (a && a->kind == C_EXPR_IDENT && a->decl)
            g_hash_table_add (L->pre.assigned, a->decl);
          lower_handle_mark (L, lower_handle_root (L, e->a, NULL), HANDLE_BAD);
        }
      pre_expr (L, e->a, 0, NULL);
      return;
    case C_EXPR_ASSIGN:
      {
        CExpr *a = c_peel (e->a);
        if (a && a->kind == C_EXPR_IDENT && a->decl)
          g_hash_table_add (L->pre.assigned, a->decl);
        lower_handle_mark (L, lower_handle_root (L, e->a, NULL), HANDLE_BAD);
        pre_expr (L, e->a, P_NODECAY, NULL);
        pre_expr (L, e->b, 0, pointee (L, type_of (L, e->a)));
      }
      return;
    case C_EXPR_CAST:
      pre_expr (L, e->a, (flags & P_NOESC) | (strip (L, e->type) && strip (L, e->type)->kind == C_TYPE_VOID
                                              ? P_DISCARD : 0), pointee (L, e->type));
      return;
    case C_EXPR_CALL:
      {
        const char *n = c_callee_name (e);
        if (lower_is_alloc (L, n) && !lower_root_find (L, RF_C_OBJ_HEAP, e))
          {
            g_autofree char *base = g_path_get_basename (e->loc.file ? e->loc.file : "?");
            g_autofree char *name = g_strdup_printf ("heap@%s:%u", base, e->loc.line);
            CType *t = hint && !type_is_any (L, hint) ? hint : NULL;
            RfCObj *r = lower_root_add (L, RF_C_OBJ_HEAP, e, name, t, TRUE, e->loc);
            r->reachable = TRUE;
          }
        if (L->pfn)
          {
            GHashTable *callees = g_hash_table_lookup (L->pre.calls, L->pfn);
            if (!callees)
              {
                callees = g_hash_table_new (NULL, NULL);
                g_hash_table_insert (L->pre.calls, L->pfn, callees);
              }
            CDecl *target = lower_func_def (L, n);
            /* NULL: a call through a pointer, to any address-taken function (a call by
             * name to code without a body calls nothing back in the model) */
            if (target || !n)
              g_hash_table_add (callees, target);
          }
        const RfCLibcFunc *lib = rf_c_libc_lookup (n);
        RfCLibcEffect k = lib ? lib->effect : RF_C_LIBC_UNMODELLED;
        CDecl *def = lower_func_def (L, n);
        if (lib && (!def || def->in_system || rf_c_libc_lowers (lib, TRUE)))
          lower_state_note (L, lib, e->loc);
        if (n && k == RF_C_LIBC_UNMODELLED && !lower_func_def (L, n))
          L->pre.unknown_calls = TRUE;
        if (lib && (lib->flags & RF_C_LIBC_CANCELS))
          L->pre.cancels = TRUE;
        if (lib && (lib->flags & RF_C_LIBC_MUTEX_TYPE))
          {
            /* a type given by its name is seen at the name (C_EXPR_IDENT) */
            CExpr *a = c_peel (c_arg (e, 1));
            if (!(a && a->kind == C_EXPR_IDENT && g_str_has_prefix (a->text, "PTHREAD_MUTEX_")))
              L->pre.mutex_other = TRUE;
          }
        gboolean noesc = k != RF_C_LIBC_UNMODELLED && k != RF_C_LIBC_CREATE && k != RF_C_LIBC_UNSUPPORTED
                         && !(lower_func_def (L, n) && k == RF_C_LIBC_PURE);
        CExpr *f = c_peel (e->a);
        if (!(f && f->kind == C_EXPR_IDENT && f->decl && f->decl->kind == C_DECL_FUNC))
          pre_expr (L, e->a, 0, NULL);
        if (k == RF_C_LIBC_JOIN && e->args && e->args->len > 0)
          lower_handle_mark (L, lower_handle_root (L, g_ptr_array_index (e->args, 0), NULL), HANDLE_JOINED);
        /* a library function handing out a pointer into its first argument (its
         * result when used, strtol's end pointer) lets it escape; so does a value an
         * atomic operation stores */
        gboolean leaks0 = rf_c_points_leaks_first_argument (e, n, !(flags & P_DISCARD));
        for (guint i = 0; e->args && i < e->args->len; i++)
          {
            gboolean kept = (i == 0 && leaks0)
                            || ((k == RF_C_LIBC_ATOMIC_STORE || k == RF_C_LIBC_ATOMIC_STORE_GENERIC
                                 || k == RF_C_LIBC_ATOMIC_RMW) && atomic_value (L, e, i));
            pre_expr (L, g_ptr_array_index (e->args, i),
                      ((noesc && !kept) || (k == RF_C_LIBC_CREATE && i != 3) ? P_NOESC : 0)
                      | (k == RF_C_LIBC_CREATE && i == 0 ? P_HANDLE : 0),
                      NULL);
          }
      }
      return;
    case C_EXPR_MEMBER: case C_EXPR_INDEX:
      /* an array member or row decays to a pointer into its object */
      if (!(flags & P_NODECAY) && strip (L, type_of (L, e)) && strip (L, type_of (L, e))->kind == C_TYPE_ARRAY)
        take_address (L, e, flags);
      if (e->kind == C_EXPR_MEMBER)
        pre_expr (L, e->a, e->arrow ? 0 : P_NODECAY, NULL);
      else
        {
          pre_expr (L, e->a, P_NODECAY, NULL);
          pre_expr (L, e->b, P_NODECAY, NULL);
        }
      return;
    case C_EXPR_SIZEOF: case C_EXPR_ALIGNOF: case C_EXPR_OFFSETOF: case C_EXPR_TYPES_COMPAT:
      return;
    case C_EXPR_COMPOUND_LIT:
      if (!(flags & P_NODECAY) && strip (L, e->type) && strip (L, e->type)->kind == C_TYPE_ARRAY)
        take_address (L, e, flags);
      pre_init (L, e->init, NULL);
      return;
    case C_EXPR_STMT_EXPR:
      pre_stmt (L, e->stmt);
      return;
    case C_EXPR_GENERIC:
      pre_expr (L, e->a, 0, NULL);
      for (guint i = 0; e->args && i < e->args->len; i++)
        pre_expr (L, ((CGenericAssoc *) g_ptr_array_index (e->args, i))->expr, 0, NULL);
      return;
    case C_EXPR_COND:
      pre_expr (L, e->a, 0, NULL);
      pre_expr (L, e->b, flags & P_NOESC, hint);
      pre_expr (L, e->c, flags & P_NOESC, hint);
      return;
    case C_EXPR_COMMA:
      pre_expr (L, e->a, 0, NULL);
      pre_expr (L, e->b, flags & P_NOESC, hint);
      return;
    default:
      pre_expr (L, e->a, 0, NULL);
      pre_expr (L, e->b, 0, NULL);
      pre_expr (L, e->c, 0, NULL);
      return;
    }
}

static CVisitResult
pre_stmt_parts (CStmt *s, gpointer data)
{
  Lower *L = data;
  gboolean dropped = s->kind == C_STMT_EXPR || s->kind == C_STMT_IF || s->kind == C_STMT_WHILE
                     || s->kind == C_STMT_DO || s->kind == C_STMT_FOR;
  pre_expr (L, s->expr, dropped ? P_DISCARD : 0, NULL);
  pre_expr (L, s->expr2, s->kind == C_STMT_FOR ? P_DISCARD : 0, NULL);
  for (guint i = 0; s->kind == C_STMT_DECL && s->items && i < s->items->len; i++)
    {
      CDecl *d = g_ptr_array_index (s->items, i);
      if (d->kind == C_DECL_VAR)
        pre_init (L, d->init, pointee (L, d->type));
    }
  return C_VISIT_CONTINUE;
}

static void
pre_stmt (Lower *L, CStmt *s)
{
  CVisitor v = { .stmt = pre_stmt_parts, .no_exprs = TRUE, .data = L };
  c_visit_stmt (&v, s);
}

/* OnceWalk: once_sites' walk of main: loops, the nesting of loops around the node
 * walked; bad, main holds what could run a statement twice; mark: mark the sites
 * (the second walk, when the first found nothing bad). */
typedef struct {
  Lower *L;
  guint loops;
  gboolean bad, mark;
} OnceWalk;

static CVisitResult
once_stmt (CStmt *s, gpointer data)
{
  OnceWalk *w = data;
  switch (s->kind)
    {
    case C_STMT_FOR: case C_STMT_WHILE: case C_STMT_DO:
      w->loops++;
      return C_VISIT_CONTINUE;
    case C_STMT_LABEL: case C_STMT_LOCAL_LABEL: case C_STMT_GOTO_PTR: case C_STMT_ASM:
      w->bad = TRUE;  /* a jump back to a label */
      return C_VISIT_STOP;
    default:
      return C_VISIT_CONTINUE;
    }
}

static void
once_stmt_done (CStmt *s, gpointer data)
{
  if (s->kind == C_STMT_FOR || s->kind == C_STMT_WHILE || s->kind == C_STMT_DO)
    ((OnceWalk *) data)->loops--;
}

/* The size S is `sizeof (T)` or `sizeof e` of a type compatible with T. */
static gboolean
size_of_type (Lower *L, CExpr *s, CType *t)
{
  s = c_peel (s);
  if (!s || s->kind != C_EXPR_SIZEOF || !t)
    return FALSE;
  CType *st = s->type ? s->type : type_of (L, s->a);
  return st && compatible (L, st, t);
}

/* Allocation CALL of object R holds one object of R's type, not an array of them (whose
 * elements the site's location would stand for all at once): `malloc (sizeof *p)`,
 * `calloc (1, sizeof (T))`. */
static gboolean
one_cell (Lower *L, CExpr *call, RfCObj *r)
{
  const char *n = c_callee_name (call);
  gint64 one = 0;
  if (!r->type || type_is_any (L, r->type))
    return FALSE;
  if (strcmp (n, "malloc") == 0)
    return size_of_type (L, c_arg (call, 0), r->type);
  if (strcmp (n, "calloc") == 0)
    return (c_const_int (c_arg (call, 0), &one) && one == 1 && size_of_type (L, c_arg (call, 1), r->type))
           || (c_const_int (c_arg (call, 1), &one) && one == 1 && size_of_type (L, c_arg (call, 0), r->type));
  return FALSE;
}

static CVisitResult
once_expr (CExpr *e, gpointer data)
{
  OnceWalk *w = data;
  const char *n = e->kind == C_EXPR_CALL ? c_callee_name (e) : NULL;
  if (!n)
    return C_VISIT_CONTINUE;
  if (strstr (n, "setjmp") || strstr (n, "getcontext"))
    {
      w->bad = TRUE;  /* a longjmp could come back to an earlier statement */
      return C_VISIT_STOP;
    }
  RfCObj *r = w->mark && w->loops == 0 && lower_is_alloc (w->L, n) ? lower_root_find (w->L, RF_C_OBJ_HEAP, e) : NULL;
  if (r && one_cell (w->L, e, r))
    r->summary = FALSE;
  return C_VISIT_CONTINUE;
}

/* An allocation call of one object (one_cell) in main's own body (not in a function it
 * calls), outside every loop (a statement expression's too), runs at most once in a run when no function
 * calls main, its address is never taken, and it holds no label, computed goto, asm or
 * setjmp that could run the call again: its site stands for one object, so a mutex in
 * it is one mutex (`pthread_mutex_t *m = malloc (...)` shared through a global). */
static void
once_sites (Lower *L)
{
  CDecl *m = L->module ? NULL : lower_func_def (L, "main");
  if (!m || !m->body || g_hash_table_contains (L->pre.addr_funcs, m) || g_hash_table_contains (L->pre.recursive, m))
    return;
  GHashTableIter it;
  gpointer fn, callees;
  g_hash_table_iter_init (&it, L->pre.calls);
  while (g_hash_table_iter_next (&it, &fn, &callees))
    if (callees && g_hash_table_contains (callees, m))
      return;
  OnceWalk w = { L, 0, FALSE, FALSE };
  CVisitor v = { .stmt = once_stmt, .stmt_done = once_stmt_done, .expr = once_expr, .data = &w };
  c_visit_stmt (&v, m->body);
  if (w.bad)
    return;
  w.mark = TRUE;
  w.loops = 0;
  c_visit_stmt (&v, m->body);
}

/* ---- allocation wrappers ---- */

/* Wrap: the walk checking a candidate wrapper W: held, the locals holding its new
 * object; bad, a use of one that could let the object out other than by return. */
typedef struct {
  Lower *L;
  CDecl *w;
  GHashTable *held;
  gboolean bad;
} Wrap;

/* E is an allocation call: of the C library, or of a wrapper found so far. */
static gboolean
allocates (Lower *L, CExpr *e)
{
  e = c_peel (e);
  const char *n = e && e->kind == C_EXPR_CALL ? c_callee_name (e) : NULL;
  if (!n)
    return FALSE;
  CDecl *def = lower_func_def (L, n);
  if (def)
    return g_hash_table_contains (L->pre.wrappers, def);
  const RfCLibcFunc *f = rf_c_libc_lookup (n);
  return f && f->pointers == RF_C_LIBC_PTS_ALLOC;
}

static gboolean
is_held (Wrap *w, CExpr *e)
{
  e = c_peel (e);
  return e && e->kind == C_EXPR_IDENT && e->decl && g_hash_table_contains (w->held, e->decl);
}

static CVisitResult wrap_expr (CExpr *e, gpointer data);
static CVisitResult wrap_stmt (CStmt *s, gpointer data);

static void
wrap_walk_args (Wrap *w, CExpr *call)
{
  CVisitor v = { .stmt = wrap_stmt, .expr = wrap_expr, .data = w };
  call = c_peel (call);
  for (guint k = 0; call && call->kind == C_EXPR_CALL && call->args && k < call->args->len; k++)
    c_visit_expr (&v, g_ptr_array_index (call->args, k));
}

/* E is `p = ALLOC` for a holder p (the allocation's arguments walked). */
static gboolean
holder_assign (Wrap *w, CExpr *e)
{
  e = c_peel (e);
  if (!e || e->kind != C_EXPR_ASSIGN || e->op != C_OP_ASSIGN || !is_held (w, e->a) || !allocates (w->L, e->b))
    return FALSE;
  wrap_walk_args (w, e->b);
  return TRUE;
}

/* E only tests a holder against null: p, !p, p == NULL, (p = ALLOC) != 0 ... */
static gboolean
holder_test (Wrap *w, CExpr *e)
{
  e = c_peel (e);
  if (!e)
    return FALSE;
  if (is_held (w, e) || holder_assign (w, e))
    return TRUE;
  if (e->kind == C_EXPR_UNARY && e->op == C_OP_NOT)
    return holder_test (w, e->a);
  if (e->kind == C_EXPR_BINARY && (e->op == C_OP_EQ || e->op == C_OP_NE))
    return (c_is_null_constant (e->b) && holder_test (w, e->a)) || (c_is_null_constant (e->a) && holder_test (w, e->b));
  return FALSE;
}

static CVisitResult
wrap_expr (CExpr *e, gpointer data)
{
  Wrap *w = data;
  if (e->kind == C_EXPR_IDENT && is_held (w, e))
    {
      w->bad = TRUE;  /* the object used as a value: it may get out */
      return C_VISIT_STOP;
    }
  if (((e->kind == C_EXPR_UNARY && e->op == C_OP_NOT) || (e->kind == C_EXPR_BINARY && (e->op == C_OP_EQ || e->op == C_OP_NE)))
      && holder_test (w, e))
    return C_VISIT_SKIP;
  if (e->kind == C_EXPR_CALL)
    {
      const char *n = c_callee_name (e);
      gint64 byte = 1;
      if (n && lower_func_def (w->L, n) == w->w)
        {
          w->bad = TRUE;  /* recursive */
          return C_VISIT_STOP;
        }
      /* memset (p, 0, n): null bytes, no pointer */
      if (n && (strcmp (n, "memset") == 0 || strcmp (n, "__builtin_memset") == 0) && is_held (w, c_arg (e, 0))
          && c_const_int (c_arg (e, 1), &byte) && byte == 0)
        {
          CVisitor v = { .stmt = wrap_stmt, .expr = wrap_expr, .data = w };
          c_visit_expr (&v, c_arg (e, 2));
          return C_VISIT_SKIP;
        }
    }
  return C_VISIT_CONTINUE;
}

static CVisitResult
wrap_stmt (CStmt *s, gpointer data)
{
  Wrap *w = data;
  CVisitor v = { .stmt = wrap_stmt, .expr = wrap_expr, .data = w };
  switch (s->kind)
    {
    case C_STMT_EXPR:
      return s->expr && holder_assign (w, s->expr) ? C_VISIT_SKIP : C_VISIT_CONTINUE;
    case C_STMT_DECL:
      for (guint i = 0; s->items && i < s->items->len; i++)
        {
          CDecl *d = g_ptr_array_index (s->items, i);
          if (g_hash_table_contains (w->held, d))
            wrap_walk_args (w, d->init ? d->init->expr : NULL);
          else if (d->init)
            c_visit_init (&v, d->init);
        }
      return C_VISIT_SKIP;
    case C_STMT_IF: case C_STMT_WHILE: case C_STMT_DO:
      if (s->expr && holder_test (w, s->expr))
        {
          c_visit_stmt (&v, s->body);
          c_visit_stmt (&v, s->else_body);
          return C_VISIT_SKIP;
        }
      return C_VISIT_CONTINUE;
    case C_STMT_RETURN:
      if (s->expr && (is_held (w, s->expr) || c_is_null_constant (s->expr)))
        return C_VISIT_SKIP;
      if (s->expr && allocates (w->L, s->expr))
        {
          wrap_walk_args (w, s->expr);
          return C_VISIT_SKIP;
        }
      w->bad = TRUE;  /* returns something else */
      return C_VISIT_STOP;
    default:
      return C_VISIT_CONTINUE;
    }
}

/* The holders of candidate W: pointer locals declared with an allocation or nothing as
 * their initialiser, whose address W never takes. */
static CVisitResult
wrap_holders (CStmt *s, gpointer data)
{
  Wrap *w = data;
  if (s->kind != C_STMT_DECL)
    return C_VISIT_CONTINUE;
  for (guint i = 0; s->items && i < s->items->len; i++)
    {
      CDecl *d = g_ptr_array_index (s->items, i);
      if (d->kind == C_DECL_VAR && !c_is_static_object (d) && is_pointerish (w->L, d->type)
          && (!d->init || (d->init->expr && allocates (w->L, d->init->expr)))
          && !lower_stmt_takes_addr (w->w->body, d))
        g_hash_table_add (w->held, d);
    }
  return C_VISIT_CONTINUE;
}

static CVisitResult
returns_new (CStmt *s, gpointer data)
{
  Wrap *w = data;
  return s->kind == C_STMT_RETURN && s->expr && (is_held (w, s->expr) || allocates (w->L, s->expr)) ? C_VISIT_STOP
                                                                                                     : C_VISIT_CONTINUE;
}

/* A function of the program that returns a new object (of an allocation call in it, or
 * of another wrapper) or null on every path, and lets the object out no other way (it
 * only tests it against null and clears it with memset (p, 0, n)), is an allocation
 * wrapper (xmalloc, a zeroing xcalloc): each call of it is an allocation site of its
 * own, named and typed at the call, so that two calls are two objects. The object's
 * only way out is the result, so nothing else names it. */
static void
alloc_wrappers (Lower *L)
{
  for (gboolean changed = TRUE; changed;)
    {
      changed = FALSE;
      for (guint i = 0; i < L->decls->len; i++)
        {
          CDecl *f = g_ptr_array_index (L->decls, i);
          CType *ft = f->kind == C_DECL_FUNC && f->body ? strip (L, f->type) : NULL;
          if (!ft || ft->kind != C_TYPE_FUNCTION || !is_pointerish (L, ft->base) || f->in_system
              || g_hash_table_contains (L->pre.wrappers, f) || !f->name || strcmp (f->name, "main") == 0)
            continue;
          g_autoptr (GHashTable) held = g_hash_table_new (NULL, NULL);
          Wrap w = { L, f, held, FALSE };
          CVisitor hv = { .stmt = wrap_holders, .data = &w };
          c_visit_stmt (&hv, f->body);
          CVisitor rv = { .stmt = returns_new, .data = &w };
          if (!c_visit_stmt (&rv, f->body))
            continue;  /* returns no new object */
          CVisitor v = { .stmt = wrap_stmt, .expr = wrap_expr, .data = &w };
          c_visit_stmt (&v, f->body);
          if (!w.bad)
            g_hash_table_add (L->pre.wrappers, f), changed = TRUE;
        }
    }
}

/* ---- globals set before any thread starts ---- */

/* A call that starts code running beside the caller: a thread, a signal handler, an
 * exit handler, a key destructor (rf-c-libc.h). */
static gboolean
starts_others (Lower *L, const char *n)
{
  if (!n || lower_func_def (L, n))
    return FALSE;
  RfCLibcEffect k = lower_effect_of (n);
  return k == RF_C_LIBC_CREATE || k == RF_C_LIBC_SIGNAL_HANDLER || k == RF_C_LIBC_SIGACTION
         || k == RF_C_LIBC_AT_EXIT || k == RF_C_LIBC_KEY_CREATE;
}

/* Starts: the walk for what a statement may start (directly or through a function). */
typedef struct {
  Lower *L;
  GHashTable *starters;   /* CDecl* of functions that may start others */
  gboolean found;
} Starts;

static CVisitResult
starts_expr (CExpr *e, gpointer data)
{
  Starts *st = data;
  if (e->kind != C_EXPR_CALL)
    return C_VISIT_CONTINUE;
  const char *n = c_callee_name (e);
  CDecl *f = n ? lower_func_def (st->L, n) : NULL;
  /* through a pointer: any function */
  if (starts_others (st->L, n) || (!n && g_hash_table_size (st->starters) > 0) || (f && g_hash_table_contains (st->starters, f)))
    {
      st->found = TRUE;
      return C_VISIT_STOP;
    }
  return C_VISIT_CONTINUE;
}

/* Writes: the walk counting, per static object, the expressions that may change it
 * (an assignment, an increment, its address taken). */
static CVisitResult
count_writes (CExpr *e, gpointer data)
{
  CExpr *a = NULL;
  if (e->kind == C_EXPR_ASSIGN)
    a = c_peel (e->a);
  else if (e->kind == C_EXPR_UNARY && (e->op == C_OP_ADDR || e->op == C_OP_PREINC || e->op == C_OP_PREDEC
                                       || e->op == C_OP_POSTINC || e->op == C_OP_POSTDEC))
    a = c_peel (e->a);
  if (a && a->kind == C_EXPR_IDENT && a->decl && c_is_static_object (a->decl))
    {
      GHashTable *counts = data;
      guint n = GPOINTER_TO_UINT (g_hash_table_lookup (counts, a->decl));
      g_hash_table_insert (counts, a->decl, GUINT_TO_POINTER (n + 1));
    }
  return C_VISIT_CONTINUE;
}

/* A static object that only main's statements before the first one that may start
 * another thread (or handler) change, and whose address is never taken, has one value
 * while any other thread runs (main itself sets it no more). Main must be called by
 * no function. Such globals are stable: a pointer one of them holds is fixed. */
static void
static_writes (Lower *L)
{
  CVisitor av = { .expr = count_writes, .data = L->pre.static_writes };
  for (guint i = 0; i < L->decls->len; i++)
    {
      CDecl *f = g_ptr_array_index (L->decls, i);
      if (f->in_system)
        continue;
      if (f->kind == C_DECL_FUNC && f->body)
        c_visit_stmt (&av, f->body);
      else if (f->kind == C_DECL_VAR && f->init)
        c_visit_init (&av, f->init);
    }
}

static void
stable_globals (Lower *L)
{
  CDecl *m = L->module ? NULL : lower_func_def (L, "main");
  if (!m || !m->body || m->body->kind != C_STMT_COMPOUND || !m->body->items
      || g_hash_table_contains (L->pre.addr_funcs, m) || g_hash_table_contains (L->pre.recursive, m))
    return;
  /* the functions that may start others, closed under their callers */
  g_autoptr (GHashTable) starters = g_hash_table_new (NULL, NULL);
  Starts st = { L, starters, FALSE };
  CVisitor sv = { .expr = starts_expr, .data = &st };
  for (gboolean changed = TRUE; changed;)
    {
      changed = FALSE;
      for (guint i = 0; i < L->decls->len; i++)
        {
          CDecl *f = g_ptr_array_index (L->decls, i);
          if (f->kind != C_DECL_FUNC || !f->body || g_hash_table_contains (starters, f))
            continue;
          st.found = FALSE;
          c_visit_stmt (&sv, f->body);
          if (st.found)
            g_hash_table_add (starters, f), changed = TRUE;
        }
    }
  GHashTable *all = L->pre.static_writes;
  g_autoptr (GHashTable) before = g_hash_table_new (NULL, NULL);
  CVisitor bv = { .expr = count_writes, .data = before };
  for (guint i = 0; i < m->body->items->len; i++)
    {
      CStmt *item = g_ptr_array_index (m->body->items, i);
      st.found = FALSE;
      c_visit_stmt (&sv, item);
      if (st.found)
        break;
      c_visit_stmt (&bv, item);
    }
  GHashTableIter it;
  gpointer d, n;
  g_hash_table_iter_init (&it, all);
  while (g_hash_table_iter_next (&it, &d, &n))
    if (g_hash_table_lookup (before, d) == n)
      g_hash_table_add (L->pre.stable, d);
}

void
lower_prepass (Lower *L)
{
  alloc_wrappers (L);
  for (guint i = 0; i < L->decls->len; i++)
    {
      CDecl *d = g_ptr_array_index (L->decls, i);
      if (d->in_system)
        continue;
      L->pfn = d->kind == C_DECL_FUNC && d->body ? d : NULL;
      if (d->kind == C_DECL_FUNC && d->body)
        pre_stmt (L, d->body);
      else if (d->kind == C_DECL_VAR)
        {
          pre_init (L, d->init, pointee (L, d->type));
        }
    }
  L->pfn = NULL;
  /* Functions on a call cycle (through pointers: any address-taken function). */
  GHashTableIter it;
  gpointer fn;
  g_hash_table_iter_init (&it, L->pre.calls);
  while (g_hash_table_iter_next (&it, &fn, NULL))
    {
      GHashTable *seen = g_hash_table_new (NULL, NULL);
      GPtrArray *todo = g_ptr_array_new ();
      g_ptr_array_add (todo, fn);
      gboolean cyc = FALSE;
      while (todo->len && !cyc)
        {
          CDecl *c = g_ptr_array_steal_index (todo, todo->len - 1);
          GHashTable *callees = g_hash_table_lookup (L->pre.calls, c);
          if (!callees)
            continue;
          GHashTableIter j;
          gpointer t;
          g_hash_table_iter_init (&j, callees);
          while (g_hash_table_iter_next (&j, &t, NULL))
            {
              if (t == NULL)
                {
                  for (guint k = 0; k < L->pre.addr_func_list->len; k++)
                    {
                      gpointer a = g_ptr_array_index (L->pre.addr_func_list, k);
                      if (a == fn)
                        cyc = TRUE;
                      if (!g_hash_table_contains (seen, a))
                        g_hash_table_add (seen, a), g_ptr_array_add (todo, a);
                    }
                  continue;
                }
              if (t == fn)
                cyc = TRUE;
              if (!g_hash_table_contains (seen, t))
                g_hash_table_add (seen, t), g_ptr_array_add (todo, t);
            }
        }
      if (cyc)
        g_hash_table_add (L->pre.recursive, fn);
      g_hash_table_unref (seen);
      g_ptr_array_unref (todo);
    }
  once_sites (L);
  static_writes (L);
  stable_globals (L);
}
