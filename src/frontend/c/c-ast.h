/* c-ast: the C syntax tree and the state shared by the scanner, the parser and the
 * builders in rf-c.c (private to the C front end).
 *
 * Every node, list and string comes from the unit's arena (CArena) and is freed with
 * it at once, so grammar actions never free anything and error recovery cannot leak.
 * Identifiers are resolved to their declarations while parsing, through the scoped
 * symbol table that also tells the scanner which identifiers are typedef names. */
#pragma once

#include <glib.h>
#include "rf-diag.h"
#include "rf-c.h"

G_BEGIN_DECLS

typedef struct _CType CType;
typedef struct _CTag CTag;
typedef struct _CDecl CDecl;
typedef struct _CExpr CExpr;
typedef struct _CStmt CStmt;
typedef struct _CInit CInit;

/* CArena: owner of every node of a unit. nodes: g_malloc'd blocks (g_free);
 * lists: GPtrArrays (unref); strings: identifiers and literal texts. */
typedef struct {
  GPtrArray *nodes;
  GPtrArray *lists;
  GStringChunk *strings;
} CArena;

/* ---- types ---- */

typedef enum {
  C_TYPE_VOID,
  C_TYPE_BASIC,      /* arithmetic and builtin scalar types: basic, name */
  C_TYPE_STRUCT,     /* tag */
  C_TYPE_UNION,      /* tag */
  C_TYPE_ENUM,       /* tag */
  C_TYPE_TYPEDEF,    /* tdef: the typedef's declaration; its type is the alias */
  C_TYPE_TYPEOF,     /* typeof (expr) or typeof (type): expr or base */
  C_TYPE_AUTO,       /* __auto_type */
  C_TYPE_POINTER,    /* base: pointee */
  C_TYPE_ARRAY,      /* base: element; size: NULL for [] and [*] */
  C_TYPE_FUNCTION,   /* base: return type; params (CDecl*), variadic, prototype */
} CTypeKind;

typedef enum {
  C_BASIC_BOOL, C_BASIC_CHAR, C_BASIC_SCHAR, C_BASIC_UCHAR, C_BASIC_SHORT, C_BASIC_USHORT,
  C_BASIC_INT, C_BASIC_UINT, C_BASIC_LONG, C_BASIC_ULONG, C_BASIC_LLONG, C_BASIC_ULLONG,
  C_BASIC_INT128, C_BASIC_UINT128, C_BASIC_FLOAT, C_BASIC_DOUBLE, C_BASIC_LDOUBLE,
  C_BASIC_FLOATN,    /* _FloatN, _FloatNx, __float128, _DecimalN, __bf16...: by name */
  C_BASIC_VA_LIST,   /* __builtin_va_list */
} CBasic;

enum {
  C_QUAL_CONST = 1 << 0,
  C_QUAL_VOLATILE = 1 << 1,
  C_QUAL_RESTRICT = 1 << 2,
  C_QUAL_ATOMIC = 1 << 3,   /* _Atomic qualifier or _Atomic (type) */
};

/* CType: one type node; derived types (pointer, array, function) point to base.
 * Nodes are not shared between declarations except through tags and typedefs.
 * Invariant: base != NULL for POINTER, ARRAY, FUNCTION once the declaration is
 * complete. */
struct _CType {
  CTypeKind kind;
  guint quals;          /* C_QUAL_* */
  CBasic basic;         /* BASIC */
  gboolean complex;     /* BASIC: _Complex */
  const char *name;     /* BASIC: spelling ("unsigned long"); arena */
  CTag *tag;            /* STRUCT, UNION, ENUM */
  CDecl *tdef;          /* TYPEDEF */
  CExpr *expr;          /* TYPEOF (expr); ARRAY: size (NULL when absent) */
  CType *base;          /* see kinds */
  GPtrArray *params;    /* FUNCTION: CDecl* (C_DECL_PARAM), arena */
  gboolean variadic;    /* FUNCTION: ends in ... */
  gboolean prototype;   /* FUNCTION: has a parameter type list (f(void) too) */
  gboolean is_static;   /* ARRAY parameter: [static N] */
};

/* CTag: a struct, union or enum type. One per declaration of a new tag; later
 * references to the same tag in scope point to it. members: CDecl* (C_DECL_MEMBER),
 * enumerators: CDecl* (C_DECL_ENUMERATOR); both NULL until defined. */
struct _CTag {
  CTypeKind kind;       /* STRUCT, UNION, ENUM */
  const char *name;     /* NULL: anonymous */
  RfLoc loc;            /* first mention */
  gboolean complete;
  RfLoc def_loc;        /* the '{' of the definition */
  GPtrArray *members;
  GPtrArray *enumerators;
  GPtrArray *attrs;     /* const char*: __attribute__ texts */
  gboolean in_system;
};

/* ---- declarations ---- */

typedef enum {
  C_DECL_VAR,           /* object: global, static or local */
  C_DECL_FUNC,          /* function (declared or defined: body) */
  C_DECL_TYPEDEF,
  C_DECL_PARAM,
  C_DECL_MEMBER,        /* struct/union member: bit_width when a bit-field */
  C_DECL_ENUMERATOR,    /* value may be NULL */
  C_DECL_TAG,           /* `struct S { ... };` with no declarator: type */
  C_DECL_STATIC_ASSERT, /* value, message */
  C_DECL_ASM,           /* file-scope asm ("..."): message */
} CDeclKind;

typedef enum {
  C_STORAGE_NONE, C_STORAGE_TYPEDEF, C_STORAGE_EXTERN, C_STORAGE_STATIC,
  C_STORAGE_AUTO, C_STORAGE_REGISTER,
} CStorage;

/* CDecl: one declared name (or one of the nameless items above). For objects and
 * functions, file_scope tells global from local; a local with C_STORAGE_STATIC or
 * extern is not on the stack. name is NULL for abstract parameters, anonymous
 * members and unnamed bit-fields. */
struct _CDecl {
  CDeclKind kind;
  const char *name;     /* arena */
  RfLoc loc;            /* the declarator's identifier (or first token) */
  CType *type;
  CStorage storage;
  gboolean thread_local;
  gboolean is_inline;
  gboolean is_noreturn;
  gboolean file_scope;
  gboolean in_system;   /* declared in a system header */
  CExpr *align;         /* _Alignas (expr) */
  CType *align_type;    /* _Alignas (type) */
  CInit *init;          /* initializer or NULL */
  CExpr *bit_width;     /* MEMBER bit-field */
  CExpr *value;         /* ENUMERATOR value, STATIC_ASSERT condition */
  const char *message;  /* STATIC_ASSERT message, ASM text, asm label */
  const char *asm_label;/* `__asm__ ("name")` after the declarator */
  GPtrArray *attrs;     /* const char*: __attribute__ texts, or NULL */
  CExpr *cleanup;       /* VAR of a block with __attribute__ ((cleanup (f))): the call
                         * `f (&d)` that runs when d leaves its scope (also the last
                         * statements of its block, c_stmt_compound), or NULL */
  CStmt *body;          /* FUNC definition: compound statement */
  GPtrArray *params;    /* FUNC definition: CDecl* (same as type->params) */
  CDecl *enum_prev;     /* ENUMERATOR: the one before it in its enum, or NULL (set when the
                         * enum is defined): an enumerator with no value is it plus one */
  CType **hole;         /* while parsing: where the specifier type goes */
};

/* ---- initializers ---- */

typedef enum { C_DESIG_FIELD, C_DESIG_INDEX, C_DESIG_RANGE } CDesigKind;

/* CDesignator: `.field`, `[i]` or `[lo ... hi]`. */
typedef struct {
  CDesigKind kind;
  RfLoc loc;
  const char *field;
  CExpr *index, *index_hi;
} CDesignator;

/* CInit: an expression or a braced list of CInitItem. */
struct _CInit {
  RfLoc loc;
  CExpr *expr;          /* NULL for a braced list */
  GPtrArray *items;     /* CInitItem* */
};

typedef struct {
  GPtrArray *designators;  /* CDesignator*, or NULL */
  CInit *init;
} CInitItem;

/* ---- expressions ---- */

typedef enum {
  C_EXPR_IDENT,         /* text; decl: resolved declaration or NULL (builtin, undeclared) */
  C_EXPR_INT,           /* text as written */
  C_EXPR_FLOAT,
  C_EXPR_CHAR,
  C_EXPR_STRING,        /* text: the adjacent literals, space separated */
  C_EXPR_UNARY,         /* op a */
  C_EXPR_BINARY,        /* a op b (arithmetic, comparison, logical) */
  C_EXPR_ASSIGN,        /* a op b with op = or a compound assignment */
  C_EXPR_COND,          /* a ? b : c (b NULL for GNU a ?: c) */
  C_EXPR_COMMA,         /* a, b */
  C_EXPR_CALL,          /* a (args) */
  C_EXPR_MEMBER,        /* a.text or a->text (arrow) */
  C_EXPR_INDEX,         /* a[b] */
  C_EXPR_CAST,          /* (type) a */
  C_EXPR_SIZEOF,        /* sizeof a, or sizeof (type) when type */
  C_EXPR_ALIGNOF,       /* _Alignof (type) or __alignof__ a */
  C_EXPR_COMPOUND_LIT,  /* (type) { init } */
  C_EXPR_STMT_EXPR,     /* ({ stmt }) */
  C_EXPR_VA_ARG,        /* __builtin_va_arg (a, type) */
  C_EXPR_OFFSETOF,      /* __builtin_offsetof (type, text): text is the member path */
  C_EXPR_TYPES_COMPAT,  /* __builtin_types_compatible_p (type, type2) */
  C_EXPR_GENERIC,       /* _Generic (a, assocs) */
  C_EXPR_LABEL_ADDR,    /* &&text */
} CExprKind;

typedef enum {
  C_OP_NONE,
  /* unary */
  C_OP_ADDR, C_OP_DEREF, C_OP_PLUS, C_OP_NEG, C_OP_BITNOT, C_OP_NOT,
  C_OP_PREINC, C_OP_PREDEC, C_OP_POSTINC, C_OP_POSTDEC, C_OP_REAL, C_OP_IMAG,
  C_OP_EXTENSION,
  /* binary */
  C_OP_MUL, C_OP_DIV, C_OP_MOD, C_OP_ADD, C_OP_SUB, C_OP_SHL, C_OP_SHR,
  C_OP_LT, C_OP_GT, C_OP_LE, C_OP_GE, C_OP_EQ, C_OP_NE,
  C_OP_BITAND, C_OP_BITXOR, C_OP_BITOR, C_OP_AND, C_OP_OR,
  /* assignment */
  C_OP_ASSIGN, C_OP_MUL_ASSIGN, C_OP_DIV_ASSIGN, C_OP_MOD_ASSIGN, C_OP_ADD_ASSIGN,
  C_OP_SUB_ASSIGN, C_OP_SHL_ASSIGN, C_OP_SHR_ASSIGN, C_OP_AND_ASSIGN,
  C_OP_XOR_ASSIGN, C_OP_OR_ASSIGN,
} COp;

/* CGenericAssoc: one `type: expr` (type NULL for default) of _Generic. */
typedef struct {
  CType *type;
  CExpr *expr;
} CGenericAssoc;

/* CExpr: one expression; loc is its first token, except for binary, assignment,
 * conditional, comma, member, index and call nodes, which carry the operator's
 * location ('(' for calls). */
struct _CExpr {
  CExprKind kind;
  RfLoc loc;
  COp op;
  gboolean arrow;       /* MEMBER: -> */
  const char *text;     /* IDENT, literals, MEMBER field, OFFSETOF path, LABEL_ADDR */
  CDecl *decl;          /* IDENT */
  CExpr *a, *b, *c;
  GPtrArray *args;      /* CALL: CExpr*; GENERIC: CGenericAssoc* */
  CType *type, *type2;  /* CAST, SIZEOF/ALIGNOF (type), COMPOUND_LIT, VA_ARG, OFFSETOF, TYPES_COMPAT */
  CInit *init;          /* COMPOUND_LIT */
  CStmt *stmt;          /* STMT_EXPR: a compound statement */
  guint depth;          /* operands a, b, c nested below this node (0: none), at most
                           C_EXPR_DEPTH_MAX: the analyses recurse this deep */
};

/* Deepest expression tree accepted (`x + x + ... + x` with this many operators): past
 * it, a fatal "expression nested too deeply" at the operator, so that the recursive
 * passes over the tree stay within the C stack. */
#define C_EXPR_DEPTH_MAX 4096

/* ---- statements ---- */

typedef enum {
  C_STMT_COMPOUND,      /* items: CStmt* */
  C_STMT_DECL,          /* decls: CDecl* */
  C_STMT_EXPR,          /* expr (NULL: the null statement) */
  C_STMT_IF,            /* expr, body, else_body (may be NULL) */
  C_STMT_SWITCH,        /* expr, body */
  C_STMT_CASE,          /* expr [... expr2]: body */
  C_STMT_DEFAULT,       /* body */
  C_STMT_WHILE,         /* expr, body */
  C_STMT_DO,            /* body, expr */
  C_STMT_FOR,           /* init (DECL or EXPR stmt, or NULL), expr (cond), expr2 (step), body */
  C_STMT_GOTO,          /* label */
  C_STMT_GOTO_PTR,      /* goto *expr */
  C_STMT_CONTINUE,
  C_STMT_BREAK,
  C_STMT_RETURN,        /* expr or NULL */
  C_STMT_LABEL,         /* label: body */
  C_STMT_ASM,           /* asm_ */
  C_STMT_LOCAL_LABEL,   /* __label__ names (const char*) */
} CStmtKind;

/* CAsmOperand: [symbolic] "constraint" (expr). */
typedef struct {
  const char *symbolic;
  const char *constraint;
  CExpr *expr;
} CAsmOperand;

/* CAsm: asm [volatile|inline|goto] ("template" : outputs : inputs : clobbers : labels). */
typedef struct {
  gboolean is_volatile, is_inline, is_goto;
  const char *templ;
  GPtrArray *outputs;   /* CAsmOperand* */
  GPtrArray *inputs;    /* CAsmOperand* */
  GPtrArray *clobbers;  /* const char* (string literals) */
  GPtrArray *labels;    /* const char* */
} CAsm;

struct _CStmt {
  CStmtKind kind;
  RfLoc loc;
  RfLoc end;            /* COMPOUND: its '}' */
  CExpr *expr, *expr2;
  CStmt *init, *body, *else_body;
  GPtrArray *items;     /* COMPOUND: CStmt*; DECL: CDecl*; LOCAL_LABEL: const char* */
  guint cleanups;       /* COMPOUND: its last items that are cleanup calls the parser
                         * appended (CDecl.cleanup): a statement expression's value is
                         * the item before them */
  const char *label;    /* GOTO, LABEL */
  GPtrArray *attrs;     /* LABEL: attributes after the colon */
  CAsm *asm_;
};

/* ---- translation units ---- */

/* CFile: one translation unit: its external declarations in source order (CDecl*,
 * one per declarator; function definitions have a body). */
typedef struct {
  const char *file;     /* interned, as given */
  GPtrArray *items;
} CFile;

struct _RfCUnit {
  CArena arena;
  GPtrArray *files;     /* CFile* (arena) */
  GHashTable *system_files;  /* interned file names seen with line marker flag 3 */
  GHashTable *user_files;    /* interned file names seen without it */
};

/* ---- parser state ---- */

/* CSpec: declaration specifiers while they are being read. */
typedef struct {
  CStorage storage;
  gboolean thread_local, is_inline, is_noreturn;
  guint quals;
  CType *type;          /* unique specifier: struct, typedef name, typeof... */
  guint n_void, n_bool, n_char, n_short, n_int, n_long, n_float, n_double;
  guint n_signed, n_unsigned, n_complex, n_int128;
  const char *builtin;  /* _Float128, __builtin_va_list... */
  CBasic builtin_basic;
  CExpr *align;
  CType *align_type;
  GPtrArray *attrs;
  RfLoc loc;
} CSpec;

/* CSource: an original file's text with its line starts, for caret columns. */
typedef struct {
  char *text;           /* owned */
  GArray *starts;       /* gsize: offset of each line */
} CSource;

/* CScope: one block (or file) scope: ordinary identifiers and tags. */
typedef struct {
  GHashTable *names;    /* const char* (arena) -> CDecl* */
  GHashTable *tags;     /* const char* (arena) -> CTag* */
} CScope;

/* CParser: everything one translation unit's parse needs (scanner yyextra and parser).
 * Locations: file/line follow the line markers; pcol is the column in the
 * preprocessed line; columns reported are re-synchronised against the original text
 * of user files (sources) by searching each token from `cursor` in its line. */
typedef struct {
  RfCUnit *unit;
  CArena *arena;
  RfDiags *diags;
  CFile *tu;
  guint n_errors;       /* syntax errors reported */
  /* scanner */
  const char *file;     /* interned */
  guint line, pcol;
  guint tok_pcol;       /* pcol of the current match */
  gboolean system;      /* the current file is a system header */
  GHashTable *sources;  /* interned name -> CSource* (NULL value: unreadable) */
  const char *cur_file; /* the line `cursor` belongs to */
  guint cur_line;
  gsize cursor;
  RfLoc last_end, prev_end;
  GString *attr;        /* __attribute__ text being read */
  int attr_depth;
  RfLoc attr_loc;
  GArray *braces;       /* RfLoc of open '{' */
  guint open_parens;    /* '(' and '[' open (with braces->len, at most RF_NESTING_MAX) */
  /* parser */
  GPtrArray *scopes;    /* CScope*, owned; [0] is file scope */
  gboolean typedef_pending;   /* `typedef` read in the current declaration */
  GPtrArray *pending_params;  /* parameters of the function body about to open */
} CParser;

/* Arena. */
gpointer c_node_alloc (CParser *ctx, gsize size);
#define c_new(ctx, T) ((T *) c_node_alloc ((ctx), sizeof (T)))
GPtrArray *c_list (CParser *ctx);
GPtrArray *c_list_add (CParser *ctx, GPtrArray *list, gpointer item);
const char *c_str (CParser *ctx, const char *s, gssize len);
/* A + B + C (C may be NULL) in the arena. */
const char *c_strcat (CParser *ctx, const char *a, const char *b, const char *c);

/* TRUE when FILE only ever appeared as a system header (a user file also holds
 * flag-3 stretches: expansions of system macros). */
gboolean c_file_is_system (const RfCUnit *unit, const char *file);

/* Reporting. */
void c_report (CParser *ctx, RfLoc loc, const char *fmt, ...) G_GNUC_PRINTF (3, 4);

/* Scanner hooks. */
void c_lex_advance (CParser *ctx, const char *text, gsize len);
void c_lex_directive (CParser *ctx, const char *text, gsize len);
RfLoc c_lex_locate (CParser *ctx, const char *text, gsize len, guint pcol, gboolean word);
gboolean c_lex_is_typedef (CParser *ctx, const char *name);
/* The text of an `__attribute__ ((...))` names only calling conventions (regparm,
 * stdcall, ...): the scanner drops it. */
gboolean c_lex_attr_ignorable (const char *text);

/* Scopes. */
guint c_scope_push (CParser *ctx);
void c_scope_pop_to (CParser *ctx, guint depth);
void c_scope_declare_params (CParser *ctx);
/* The innermost scope. */
CScope *c_scope_top (CParser *ctx);
/* The declaration NAME resolves to in the scopes open now, or NULL. */
CDecl *c_lookup (CParser *ctx, const char *name);
/* Enters D in the innermost scope. */
void c_bind (CParser *ctx, CDecl *d);

/* Specifiers. */
CSpec *c_spec_new (CParser *ctx, RfLoc loc);
CSpec *c_spec_storage (CParser *ctx, CSpec *s, CStorage st, RfLoc loc);
CSpec *c_spec_qual (CParser *ctx, CSpec *s, guint qual);
CSpec *c_spec_keyword (CParser *ctx, CSpec *s, int token, const char *text, RfLoc loc);
CSpec *c_spec_type (CParser *ctx, CSpec *s, CType *t);
CSpec *c_spec_attr (CParser *ctx, CSpec *s, const char *text);
CSpec *c_spec_align (CParser *ctx, CSpec *s, CExpr *e, CType *t);
CSpec *c_spec_merge (CParser *ctx, CSpec *into, CSpec *from);
CType *c_spec_to_type (CParser *ctx, CSpec *s);

CType *c_type_new (CParser *ctx, CTypeKind kind);
/* A basic type B spelt NAME (NULL: its usual spelling). */
CType *c_basic (CParser *ctx, CBasic b, const char *name);
/* "struct", "union" or "enum". Static. */
const char *c_tag_kind_name (CTypeKind kind);
/* A new declaration of KIND named NAME at LOC. */
CDecl *c_decl_new (CParser *ctx, CDeclKind kind, const char *name, RfLoc loc);
CType *c_type_typedef (CParser *ctx, const char *name, RfLoc loc);
CType *c_type_typeof (CParser *ctx, CExpr *e, CType *t);
CType *c_type_atomic (CParser *ctx, CType *t);
CTag *c_tag_ref (CParser *ctx, CTypeKind kind, const char *name, RfLoc loc, gboolean defining);
CType *c_tag_type (CParser *ctx, CTag *tag);
CTag *c_tag_define (CParser *ctx, CTag *tag, GPtrArray *members, RfLoc loc);
CTag *c_tag_attrs (CParser *ctx, CTag *tag, GPtrArray *attrs);

/* Declarators: a CDecl whose type has a hole (CDecl.hole) where the specifiers go. */
CDecl *c_declarator_name (CParser *ctx, const char *name, RfLoc loc);
/* `* quals inner`: the first '*' is nearest the specifiers. */
CDecl *c_declarator_pointer (CParser *ctx, CSpec *quals, CDecl *inner);
/* `ptr d`: the pointers apply after d's suffixes. */
CDecl *c_declarator_wrap (CParser *ctx, CDecl *d, CDecl *ptr);
CType *c_type_array (CParser *ctx, CSpec *quals, CExpr *size, gboolean is_static);
CType *c_type_function (CParser *ctx, GPtrArray *params, gboolean variadic, gboolean prototype);
CDecl *c_declarator_array (CParser *ctx, CDecl *d, CType *array);
CDecl *c_declarator_function (CParser *ctx, CDecl *d, CType *fn);
/* Moves SUFFIX's attributes and asm label (may be NULL) onto D. */
CDecl *c_declarator_suffix (CParser *ctx, CDecl *d, CDecl *suffix);

CDecl *c_declare (CParser *ctx, CDecl *d);
GPtrArray *c_declaration (CParser *ctx, CSpec *s, GPtrArray *decls, RfLoc loc);
CDecl *c_param (CParser *ctx, CSpec *s, CDecl *d, RfLoc loc);
CType *c_type_name (CParser *ctx, CSpec *s, CDecl *d);
GPtrArray *c_members (CParser *ctx, CSpec *s, GPtrArray *decls, RfLoc loc);
CDecl *c_member (CParser *ctx, CDecl *d, CExpr *width, RfLoc loc);
CDecl *c_enumerator (CParser *ctx, const char *name, RfLoc loc, GPtrArray *attrs, CExpr *value);
CDecl *c_static_assert (CParser *ctx, RfLoc loc, CExpr *cond, const char *msg);
CDecl *c_fn_head (CParser *ctx, CSpec *s, CDecl *d);
void c_fn_body (CParser *ctx, CDecl *fn, CStmt *body);
void c_external (CParser *ctx, GPtrArray *decls);
void c_external_asm (CParser *ctx, RfLoc loc, const char *text);

/* Initializers. */
CInit *c_init_expr (CParser *ctx, CExpr *e);
CInit *c_init_list (CParser *ctx, RfLoc loc, GPtrArray *items);
GPtrArray *c_init_item_add (CParser *ctx, GPtrArray *items, GPtrArray *desigs, CInit *init);
CDesignator *c_designator (CParser *ctx, CDesigKind kind, RfLoc loc, const char *field, CExpr *a, CExpr *b);

/* Expressions. */
CExpr *c_expr_new (CParser *ctx, CExprKind kind, RfLoc loc);
CExpr *c_expr_ident (CParser *ctx, const char *name, RfLoc loc);
CExpr *c_expr_const (CParser *ctx, CExprKind kind, const char *text, RfLoc loc);
CExpr *c_expr_string_add (CParser *ctx, CExpr *s, const char *text);
CExpr *c_expr_unary (CParser *ctx, COp op, RfLoc loc, CExpr *a);
CExpr *c_expr_binary (CParser *ctx, CExprKind kind, COp op, RfLoc loc, CExpr *a, CExpr *b);
CExpr *c_expr_cond (CParser *ctx, RfLoc loc, CExpr *a, CExpr *b, CExpr *c);
CExpr *c_expr_call (CParser *ctx, RfLoc loc, CExpr *fn, GPtrArray *args);
CExpr *c_expr_member (CParser *ctx, RfLoc loc, CExpr *a, const char *field, gboolean arrow);
CExpr *c_expr_typed (CParser *ctx, CExprKind kind, RfLoc loc, CType *t, CType *t2, CExpr *a);
CExpr *c_expr_compound_lit (CParser *ctx, RfLoc loc, CType *t, CInit *init);
CExpr *c_expr_stmt (CParser *ctx, RfLoc loc, CStmt *body);
CExpr *c_expr_generic (CParser *ctx, RfLoc loc, CExpr *a, GPtrArray *assocs);
GPtrArray *c_generic_add (CParser *ctx, GPtrArray *list, CType *t, CExpr *e);

/* Statements. */
CStmt *c_stmt_new (CParser *ctx, CStmtKind kind, RfLoc loc);
CStmt *c_stmt_compound (CParser *ctx, RfLoc loc, GPtrArray *items, RfLoc end);
CStmt *c_stmt_decl (CParser *ctx, RfLoc loc, GPtrArray *decls);
CStmt *c_stmt_expr (CParser *ctx, RfLoc loc, CExpr *e);
CStmt *c_stmt_make (CParser *ctx, CStmtKind kind, RfLoc loc, CExpr *e, CExpr *e2, CStmt *body, CStmt *else_body);
CStmt *c_stmt_for (CParser *ctx, RfLoc loc, CStmt *init, CExpr *cond, CExpr *step, CStmt *body);
CStmt *c_stmt_label (CParser *ctx, RfLoc loc, const char *label, GPtrArray *attrs, CStmt *body);
CStmt *c_stmt_goto (CParser *ctx, RfLoc loc, const char *label);
CStmt *c_stmt_asm (CParser *ctx, RfLoc loc, CAsm *a);
CAsm *c_asm_new (CParser *ctx, const char *templ);
CAsmOperand *c_asm_operand (CParser *ctx, const char *symbolic, const char *constraint, CExpr *e);

/* Strings of a unit's dump and diagnostics. */
const char *c_op_name (COp op);

G_END_DECLS
