/* rf-c-dump: an indented dump of a C unit's syntax tree, for tests and debugging.
 *
 * One line per declaration, statement and expression node, with its location; types
 * are written in C-like prefix form. Output is deterministic: nodes in source order. */
#include "rf-c.h"
#include "c-ast.h"

#include <string.h>

const char *
c_op_name (COp op)
{
  static const char *const names[] = {
    [C_OP_NONE] = "", [C_OP_ADDR] = "&", [C_OP_DEREF] = "*", [C_OP_PLUS] = "+", [C_OP_NEG] = "-",
    [C_OP_BITNOT] = "~", [C_OP_NOT] = "!", [C_OP_PREINC] = "++ (prefix)", [C_OP_PREDEC] = "-- (prefix)",
    [C_OP_POSTINC] = "++ (postfix)", [C_OP_POSTDEC] = "-- (postfix)", [C_OP_REAL] = "__real__",
    [C_OP_IMAG] = "__imag__", [C_OP_EXTENSION] = "__extension__",
    [C_OP_MUL] = "*", [C_OP_DIV] = "/", [C_OP_MOD] = "%", [C_OP_ADD] = "+", [C_OP_SUB] = "-",
    [C_OP_SHL] = "<<", [C_OP_SHR] = ">>", [C_OP_LT] = "<", [C_OP_GT] = ">", [C_OP_LE] = "<=",
    [C_OP_GE] = ">=", [C_OP_EQ] = "==", [C_OP_NE] = "!=", [C_OP_BITAND] = "&", [C_OP_BITXOR] = "^",
    [C_OP_BITOR] = "|", [C_OP_AND] = "&&", [C_OP_OR] = "||",
    [C_OP_ASSIGN] = "=", [C_OP_MUL_ASSIGN] = "*=", [C_OP_DIV_ASSIGN] = "/=", [C_OP_MOD_ASSIGN] = "%=",
    [C_OP_ADD_ASSIGN] = "+=", [C_OP_SUB_ASSIGN] = "-=", [C_OP_SHL_ASSIGN] = "<<=",
    [C_OP_SHR_ASSIGN] = ">>=", [C_OP_AND_ASSIGN] = "&=", [C_OP_XOR_ASSIGN] = "^=", [C_OP_OR_ASSIGN] = "|=",
  };
  return names[op];
}

/* Dump: a dump being written to out (borrowed). */
typedef struct {
  GString *out;
  const char *file;     /* the translation unit's file: locations elsewhere name theirs */
} Dump;

static void dump_init (Dump *d, int depth, const CInit *i);
static void dump_expr (Dump *d, int depth, const CExpr *e);
static void dump_stmt (Dump *d, int depth, const CStmt *s);

static void
indent (Dump *d, int depth)
{
  for (int i = 0; i < depth; i++)
    g_string_append (d->out, "  ");
}

static void
loc_append (Dump *d, RfLoc loc)
{
  if (loc.line == 0)
    return;
  if (loc.file && loc.file != d->file)
    g_string_append_printf (d->out, " @%s:%u:%u", loc.file, loc.line, loc.col);
  else
    g_string_append_printf (d->out, " @%u:%u", loc.line, loc.col);
}

static void
quals_append (GString *out, guint q)
{
  if (q & C_QUAL_CONST)
    g_string_append (out, "const ");
  if (q & C_QUAL_VOLATILE)
    g_string_append (out, "volatile ");
  if (q & C_QUAL_RESTRICT)
    g_string_append (out, "restrict ");
  if (q & C_QUAL_ATOMIC)
    g_string_append (out, "_Atomic ");
}

/* Types in words: "pointer to const char", "array[4] of int",
 * "function(int, pointer to void) returning void". */
static void
type_append (GString *out, const CType *t)
{
  if (!t)
    {
      g_string_append (out, "?");
      return;
    }
  switch (t->kind)
    {
    case C_TYPE_POINTER:
      quals_append (out, t->quals);
      g_string_append (out, "pointer to ");
      type_append (out, t->base);
      return;
    case C_TYPE_ARRAY:
      quals_append (out, t->quals);
      g_string_append (out, "array[");
      if (t->expr && t->expr->kind == C_EXPR_INT)
        g_string_append (out, t->expr->text);
      else if (t->expr)
        g_string_append (out, "expr");
      g_string_append (out, "] of ");
      type_append (out, t->base);
      return;
    case C_TYPE_FUNCTION:
      g_string_append (out, "function(");
      for (guint i = 0; i < t->params->len; i++)
        {
          const CDecl *p = g_ptr_array_index (t->params, i);
          if (i > 0)
            g_string_append (out, ", ");
          type_append (out, p->type);
        }
      if (t->variadic)
        g_string_append (out, t->params->len ? ", ..." : "...");
      else if (t->prototype && t->params->len == 0)
        g_string_append (out, "void");
      g_string_append (out, ") returning ");
      type_append (out, t->base);
      return;
    default:
      break;
    }
  quals_append (out, t->quals);
  switch (t->kind)
    {
    case C_TYPE_VOID: g_string_append (out, "void"); break;
    case C_TYPE_BASIC:
      g_string_append_printf (out, "%s%s", t->complex ? "_Complex " : "", t->name);
      break;
    case C_TYPE_STRUCT: case C_TYPE_UNION: case C_TYPE_ENUM:
      g_string_append_printf (out, "%s %s", c_tag_kind_name (t->kind), t->tag->name ? t->tag->name : "<anonymous>");
      break;
    case C_TYPE_TYPEDEF: g_string_append (out, t->name); break;
    case C_TYPE_TYPEOF:
      g_string_append (out, "typeof(");
      if (t->base)
        type_append (out, t->base);
      else
        g_string_append (out, "expr");
      g_string_append (out, ")");
      break;
    case C_TYPE_AUTO: g_string_append (out, "__auto_type"); break;
    default: g_assert_not_reached ();
    }
}

static const char *
decl_place (const CDecl *d)
{
  switch (d->kind)
    {
    case C_DECL_PARAM: return "param";
    case C_DECL_ENUMERATOR: return "enumerator";
    case C_DECL_TYPEDEF: return "typedef";
    case C_DECL_FUNC: return "function";
    case C_DECL_MEMBER: return "member";
    default: break;
    }
  if (d->storage == C_STORAGE_EXTERN)
    return "extern";
  if (d->file_scope)
    return d->storage == C_STORAGE_STATIC ? "static global" : "global";
  return d->storage == C_STORAGE_STATIC ? "static local" : "local";
}

static void
tag_members (Dump *d, int depth, const CType *t)
{
  if (!t || (t->kind != C_TYPE_STRUCT && t->kind != C_TYPE_UNION && t->kind != C_TYPE_ENUM))
    return;
  const CTag *tag = t->tag;
  GPtrArray *list = tag->kind == C_TYPE_ENUM ? tag->enumerators : tag->members;
  if (!list)
    return;
  for (guint i = 0; i < list->len; i++)
    {
      const CDecl *m = g_ptr_array_index (list, i);
      indent (d, depth);
      g_string_append_printf (d->out, "%s %s", m->kind == C_DECL_ENUMERATOR ? "enumerator" : "member",
                              m->name ? m->name : "<anonymous>");
      if (m->kind == C_DECL_MEMBER)
        {
          g_string_append (d->out, ": ");
          type_append (d->out, m->type);
        }
      loc_append (d, m->loc);
      g_string_append_c (d->out, '\n');
      if (m->bit_width)
        dump_expr (d, depth + 1, m->bit_width);
      if (m->value)
        dump_expr (d, depth + 1, m->value);
      if (m->kind == C_DECL_MEMBER && m->type && !m->name)
        tag_members (d, depth + 1, m->type);
    }
}

static void
dump_decl (Dump *d, int depth, const CDecl *decl)
{
  indent (d, depth);
  switch (decl->kind)
    {
    case C_DECL_TAG:
      g_string_append (d->out, "tag ");
      type_append (d->out, decl->type);
      loc_append (d, decl->loc);
      g_string_append_c (d->out, '\n');
      tag_members (d, depth + 1, decl->type);
      return;
    case C_DECL_STATIC_ASSERT:
      g_string_append (d->out, "static_assert");
      if (decl->message)
        g_string_append_printf (d->out, " %s", decl->message);
      loc_append (d, decl->loc);
      g_string_append_c (d->out, '\n');
      dump_expr (d, depth + 1, decl->value);
      return;
    case C_DECL_ASM:
      g_string_append_printf (d->out, "asm %s", decl->message);
      loc_append (d, decl->loc);
      g_string_append_c (d->out, '\n');
      return;
    default:
      break;
    }
  g_string_append_printf (d->out, "%s %s: ", decl_place (decl), decl->name ? decl->name : "<anonymous>");
  type_append (d->out, decl->type);
  if (decl->thread_local)
    g_string_append (d->out, " thread-local");
  if (decl->is_inline)
    g_string_append (d->out, " inline");
  if (decl->is_noreturn)
    g_string_append (d->out, " noreturn");
  if (decl->align || decl->align_type)
    g_string_append (d->out, " aligned");
  if (decl->asm_label)
    g_string_append_printf (d->out, " asm %s", decl->asm_label);
  loc_append (d, decl->loc);
  g_string_append_c (d->out, '\n');
  /* A struct defined in this declaration: its members. */
  const CType *base = decl->type;
  while (base && (base->kind == C_TYPE_POINTER || base->kind == C_TYPE_ARRAY))
    base = base->base;
  if (base && base->tag && base->tag->complete && !base->tag->name)
    tag_members (d, depth + 1, base);
  if (decl->init)
    dump_init (d, depth + 1, decl->init);
  if (decl->body)
    {
      for (guint i = 0; decl->params && i < decl->params->len; i++)
        dump_decl (d, depth + 1, g_ptr_array_index (decl->params, i));
      dump_stmt (d, depth + 1, decl->body);
    }
}

static void
dump_init (Dump *d, int depth, const CInit *i)
{
  if (i->expr)
    {
      dump_expr (d, depth, i->expr);
      return;
    }
  indent (d, depth);
  g_string_append (d->out, "init-list");
  loc_append (d, i->loc);
  g_string_append_c (d->out, '\n');
  for (guint k = 0; k < i->items->len; k++)
    {
      const CInitItem *it = g_ptr_array_index (i->items, k);
      int inner = depth + 1;
      if (it->designators)
        {
          indent (d, depth + 1);
          g_string_append (d->out, "designator ");
          for (guint j = 0; j < it->designators->len; j++)
            {
              const CDesignator *ds = g_ptr_array_index (it->designators, j);
              if (ds->kind == C_DESIG_FIELD)
                g_string_append_printf (d->out, ".%s", ds->field);
              else if (ds->kind == C_DESIG_INDEX)
                g_string_append_printf (d->out, "[%s]", ds->index->text ? ds->index->text : "expr");
              else
                g_string_append_printf (d->out, "[%s ... %s]", ds->index->text ? ds->index->text : "expr",
                                        ds->index_hi->text ? ds->index_hi->text : "expr");
            }
          loc_append (d, ((const CDesignator *) g_ptr_array_index (it->designators, 0))->loc);
          g_string_append_c (d->out, '\n');
          inner++;
        }
      dump_init (d, inner, it->init);
    }
}

static void
dump_expr (Dump *d, int depth, const CExpr *e)
{
  if (!e)
    return;
  indent (d, depth);
  GString *o = d->out;
  switch (e->kind)
    {
    case C_EXPR_IDENT:
      g_string_append_printf (o, "ident %s [%s]", e->text, e->decl ? decl_place (e->decl) : "undeclared");
      break;
    case C_EXPR_INT: g_string_append_printf (o, "int %s", e->text); break;
    case C_EXPR_FLOAT: g_string_append_printf (o, "float %s", e->text); break;
    case C_EXPR_CHAR: g_string_append_printf (o, "char %s", e->text); break;
    case C_EXPR_STRING: g_string_append_printf (o, "string %s", e->text); break;
    case C_EXPR_UNARY: g_string_append_printf (o, "unary %s", c_op_name (e->op)); break;
    case C_EXPR_BINARY: g_string_append_printf (o, "binary %s", c_op_name (e->op)); break;
    case C_EXPR_ASSIGN: g_string_append_printf (o, "assign %s", c_op_name (e->op)); break;
    case C_EXPR_COND: g_string_append (o, e->b ? "cond" : "cond ?:"); break;
    case C_EXPR_COMMA: g_string_append (o, "comma"); break;
    case C_EXPR_CALL: g_string_append (o, "call"); break;
    case C_EXPR_MEMBER: g_string_append_printf (o, "member %s%s", e->arrow ? "->" : ".", e->text); break;
    case C_EXPR_INDEX: g_string_append (o, "index"); break;
    case C_EXPR_CAST: g_string_append (o, "cast "); type_append (o, e->type); break;
    case C_EXPR_SIZEOF: case C_EXPR_ALIGNOF:
      g_string_append (o, e->kind == C_EXPR_SIZEOF ? "sizeof" : "alignof");
      if (e->type)
        {
          g_string_append_c (o, ' ');
          type_append (o, e->type);
        }
      break;
    case C_EXPR_COMPOUND_LIT: g_string_append (o, "compound-literal "); type_append (o, e->type); break;
    case C_EXPR_STMT_EXPR: g_string_append (o, "statement-expression"); break;
    case C_EXPR_VA_ARG: g_string_append (o, "va_arg "); type_append (o, e->type); break;
    case C_EXPR_OFFSETOF:
      g_string_append (o, "offsetof ");
      type_append (o, e->type);
      g_string_append_printf (o, " %s", e->text);
      break;
    case C_EXPR_TYPES_COMPAT:
      g_string_append (o, "types-compatible ");
      type_append (o, e->type);
      g_string_append (o, ", ");
      type_append (o, e->type2);
      break;
    case C_EXPR_GENERIC: g_string_append (o, "generic"); break;
    case C_EXPR_LABEL_ADDR: g_string_append_printf (o, "label-address %s", e->text); break;
    }
  loc_append (d, e->loc);
  g_string_append_c (o, '\n');
  dump_expr (d, depth + 1, e->a);
  dump_expr (d, depth + 1, e->b);
  dump_expr (d, depth + 1, e->c);
  if (e->kind == C_EXPR_CALL)
    for (guint i = 0; i < e->args->len; i++)
      dump_expr (d, depth + 1, g_ptr_array_index (e->args, i));
  if (e->kind == C_EXPR_GENERIC)
    for (guint i = 0; i < e->args->len; i++)
      {
        const CGenericAssoc *g = g_ptr_array_index (e->args, i);
        indent (d, depth + 1);
        if (g->type)
          type_append (o, g->type);
        else
          g_string_append (o, "default");
        g_string_append (o, ":\n");
        dump_expr (d, depth + 2, g->expr);
      }
  if (e->init)
    dump_init (d, depth + 1, e->init);
  if (e->stmt)
    dump_stmt (d, depth + 1, e->stmt);
}

static const char *
stmt_name (CStmtKind kind)
{
  static const char *const names[] = {
    [C_STMT_COMPOUND] = "compound", [C_STMT_DECL] = "declaration", [C_STMT_EXPR] = "expression",
    [C_STMT_IF] = "if", [C_STMT_SWITCH] = "switch", [C_STMT_CASE] = "case", [C_STMT_DEFAULT] = "default",
    [C_STMT_WHILE] = "while", [C_STMT_DO] = "do", [C_STMT_FOR] = "for", [C_STMT_GOTO] = "goto",
    [C_STMT_GOTO_PTR] = "goto *", [C_STMT_CONTINUE] = "continue", [C_STMT_BREAK] = "break",
    [C_STMT_RETURN] = "return", [C_STMT_LABEL] = "label", [C_STMT_ASM] = "asm",
    [C_STMT_LOCAL_LABEL] = "__label__",
  };
  return names[kind];
}

static void
dump_asm_operands (Dump *d, int depth, const char *what, GPtrArray *ops)
{
  for (guint i = 0; ops && i < ops->len; i++)
    {
      const CAsmOperand *op = g_ptr_array_index (ops, i);
      indent (d, depth);
      g_string_append_printf (d->out, "%s %s%s%s%s\n", what, op->symbolic ? "[" : "",
                              op->symbolic ? op->symbolic : "", op->symbolic ? "] " : "", op->constraint);
      dump_expr (d, depth + 1, op->expr);
    }
}

static void
dump_stmt (Dump *d, int depth, const CStmt *s)
{
  if (!s)
    return;
  indent (d, depth);
  g_string_append (d->out, stmt_name (s->kind));
  if (s->kind == C_STMT_EXPR && !s->expr)
    g_string_append (d->out, " (null)");
  if (s->label)
    g_string_append_printf (d->out, " %s", s->label);
  if (s->kind == C_STMT_LOCAL_LABEL)
    for (guint i = 0; i < s->items->len; i++)
      g_string_append_printf (d->out, " %s", (const char *) g_ptr_array_index (s->items, i));
  if (s->asm_)
    g_string_append_printf (d->out, "%s%s%s %s", s->asm_->is_volatile ? " volatile" : "",
                            s->asm_->is_inline ? " inline" : "", s->asm_->is_goto ? " goto" : "", s->asm_->templ);
  loc_append (d, s->loc);
  g_string_append_c (d->out, '\n');
  switch (s->kind)
    {
    case C_STMT_COMPOUND:
      for (guint i = 0; i < s->items->len; i++)
        dump_stmt (d, depth + 1, g_ptr_array_index (s->items, i));
      return;
    case C_STMT_DECL:
      for (guint i = 0; i < s->items->len; i++)
        dump_decl (d, depth + 1, g_ptr_array_index (s->items, i));
      return;
    case C_STMT_FOR:
      if (s->init)
        dump_stmt (d, depth + 1, s->init);
      break;
    case C_STMT_ASM:
      dump_asm_operands (d, depth + 1, "output", s->asm_->outputs);
      dump_asm_operands (d, depth + 1, "input", s->asm_->inputs);
      for (guint i = 0; s->asm_->clobbers && i < s->asm_->clobbers->len; i++)
        {
          indent (d, depth + 1);
          g_string_append_printf (d->out, "clobber %s\n", (const char *) g_ptr_array_index (s->asm_->clobbers, i));
        }
      return;
    default:
      break;
    }
  if (s->kind == C_STMT_DO)
    {
      dump_stmt (d, depth + 1, s->body);
      dump_expr (d, depth + 1, s->expr);
      return;
    }
  dump_expr (d, depth + 1, s->expr);
  dump_expr (d, depth + 1, s->expr2);
  dump_stmt (d, depth + 1, s->body);
  if (s->else_body)
    {
      indent (d, depth);
      g_string_append (d->out, "else\n");
      dump_stmt (d, depth + 1, s->else_body);
    }
}

char *
rf_c_unit_dump (const RfCUnit *unit, gboolean user_only)
{
  g_return_val_if_fail (unit != NULL, NULL);
  GString *out = g_string_new (NULL);
  for (guint f = 0; f < unit->files->len; f++)
    {
      const CFile *tu = g_ptr_array_index (unit->files, f);
      Dump d = { out, tu->file };
      g_string_append_printf (out, "file %s\n", tu->file);
      for (guint i = 0; i < tu->items->len; i++)
        {
          const CDecl *decl = g_ptr_array_index (tu->items, i);
          if (user_only && decl->in_system)
            continue;
          dump_decl (&d, 1, decl);
        }
    }
  return g_string_free (out, FALSE);
}
