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
 * recursive functions. Before it, the allocation wrappers are found, and after it the
 * allocation sites of one object and the globals fixed while threads run
 * (rf-c-lower-sites.c). */
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
  /* the members of a struct the address is taken in (up to an array's element: the
   * array; a union's member: the union), for addr_members */
  g_autoptr (GString) path = g_string_new (NULL);
  gboolean whole = FALSE;
  while (e && ((e->kind == C_EXPR_MEMBER && !e->arrow)
               || (e->kind == C_EXPR_INDEX && strip (L, type_of (L, e->a))
                   && strip (L, type_of (L, e->a))->kind == C_TYPE_ARRAY)
               || (e->kind == C_EXPR_UNARY && (e->op == C_OP_REAL || e->op == C_OP_IMAG || e->op == C_OP_EXTENSION))))
    {
      if (e->kind == C_EXPR_MEMBER)
        {
          CType *bt = strip (L, type_of (L, e->a));
          if (!bt || bt->kind != C_TYPE_STRUCT || !e->text)
            whole = TRUE;
          else
            {
              g_string_prepend (path, e->text);
              g_string_prepend_c (path, '.');
            }
        }
      else if (e->kind == C_EXPR_INDEX)
        g_string_truncate (path, 0);
      e = c_peel (e->a);
    }
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
      if (r && !(flags & P_NOESC))
        g_hash_table_add (L->pre.addr_kept, r);
      GHashTable *paths = g_hash_table_lookup (L->pre.addr_members, d);
      if (!paths)
        g_hash_table_insert (L->pre.addr_members, d, paths = g_hash_table_new (g_str_hash, g_str_equal));
      g_hash_table_add (paths, (gpointer) g_intern_string (whole ? "" : path->str));
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
      else if (e->text && (g_str_has_prefix (e->text, "PTHREAD_MUTEX_ERRORCHECK")
                           || g_str_has_prefix (e->text, "PTHREAD_MUTEX_ROBUST")))
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
        CDecl *whole = lower_handle_root (L, e->a, NULL);
        if (whole)
          g_hash_table_add (L->pre.assigned_whole, whole);
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
        if (k == RF_C_LIBC_CLEANUP_PUSH)
          L->pre.cleanups = TRUE;
        if (n && g_str_has_prefix (n, "pthread_spin_") && (k == RF_C_LIBC_LOCK || k == RF_C_LIBC_TRYLOCK))
          L->pre.spins = TRUE;
        if (n && strcmp (n, "pthread_setcanceltype") == 0)
          L->pre.async_cancels = TRUE;  /* counts only when the program cancels too */
        if (lib && (lib->flags & RF_C_LIBC_MUTEX_TYPE))
          {
            /* a type given by its name is seen at the name (C_EXPR_IDENT) */
            CExpr *a = c_peel (c_arg (e, 1));
            if (!(a && a->kind == C_EXPR_IDENT && g_str_has_prefix (a->text, "PTHREAD_MUTEX_")))
              L->pre.mutex_other = TRUE;
          }
        gboolean noesc = k != RF_C_LIBC_UNMODELLED && k != RF_C_LIBC_CREATE && k != RF_C_LIBC_UNSUPPORTED
                         && !(lower_func_def (L, n) && rf_c_libc_is_pure (k));
        CExpr *f = c_peel (e->a);
        if (!(f && f->kind == C_EXPR_IDENT && f->decl && f->decl->kind == C_DECL_FUNC))
          pre_expr (L, e->a, 0, NULL);
        if (k == RF_C_LIBC_DETACH_STATE)
          lower_detach_prepass (L, e);
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
      if (d->kind == C_DECL_VAR)
        lower_self_prepass (L, d);
    }
  return C_VISIT_CONTINUE;
}

static void
pre_stmt (Lower *L, CStmt *s)
{
  CVisitor v = { .stmt = pre_stmt_parts, .no_exprs = TRUE, .data = L };
  c_visit_stmt (&v, s);
}

void
lower_prepass (Lower *L)
{
  lower_alloc_wrappers (L);
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
  lower_share_plan (L);
  lower_once_sites (L);
  lower_static_writes (L);
  lower_stable_globals (L);
  lower_fresh_globals (L);
  lower_values_scan (L);
  lower_svcomp_scan (L);
}
