import { dialects, stringLiteral, valueLiteral } from './literals.js';
import { apiKeyVariable, baseVariable, type CodeLine, type SampleRequest, Writer } from './writer.js';

/** The helper of the Python samples that upload files: urllib has no multipart encoder. Files first, as the website sends them. */
const pythonFormData = `def form_data(fields, files):
    """A multipart/form-data body: (field, path) files, then text fields."""
    boundary = uuid.uuid4().hex
    parts = []
    for name, path in files:
        with open(path, 'rb') as file:
            head = (
                f'--{boundary}\\r\\nContent-Disposition: form-data; name="{name}"; '
                f'filename="{os.path.basename(path)}"\\r\\n\\r\\n'
            )
            parts.append(head.encode() + file.read() + b'\\r\\n')
    for name, value in fields.items():
        head = f'--{boundary}\\r\\nContent-Disposition: form-data; name="{name}"\\r\\n\\r\\n'
        parts.append(head.encode() + str(value).encode() + b'\\r\\n')
    parts.append(f'--{boundary}--\\r\\n'.encode())
    return b''.join(parts), f'multipart/form-data; boundary={boundary}'
`;

/** Python 3 with the standard library only (urllib): nothing to install. */
export function pythonSample(request: SampleRequest): CodeLine[] {
  const out = new Writer();
  // 'Authorization': 'Bearer ' + os.environ['TOOLKIT_API_KEY'] first in the headers, then the others.
  const auth = () => {
    if (request.auth) {
      out
        .str("'Authorization'")
        .plain(': ')
        .str("'Bearer '")
        .plain(' + os.environ[')
        .str(stringLiteral(apiKeyVariable))
        .plain('], ');
    }
    for (const [name, value] of Object.entries(request.headers ?? {})) {
      out.str(stringLiteral(name)).plain(': ').str(stringLiteral(value)).plain(', ');
    }
    return out;
  };
  const { output } = request;
  const form = !request.json;
  const imports = form ? ['json', 'os', 'uuid'] : ['json', 'os'];
  for (const name of imports) out.keyword('import').plain(` ${name}\n`);
  out
    .keyword('from')
    .plain(' urllib.error ')
    .keyword('import')
    .plain(' HTTPError\n')
    .keyword('from')
    .plain(' urllib.request ')
    .keyword('import')
    .plain(' Request, urlopen\n\n');
  const url = () => {
    if (request.base !== undefined)
      return out
        .plain('    ')
        .str(stringLiteral(`${request.base}${request.path}`))
        .plain(',\n');
    return out
      .plain('    os.environ[')
      .str(stringLiteral(baseVariable))
      .plain('] + ')
      .str(stringLiteral(request.path))
      .plain(',\n');
  };
  if (!request.json) {
    out.plain(`\n${pythonFormData}\n\n`).plain('body, content_type = ').fn('form_data').plain('(\n    ');
    out.all(valueLiteral(request.fields ?? {}, dialects.python, 1)).plain(',\n    [');
    (request.files ?? []).forEach(({ field, name }, index) => {
      if (index > 0) out.plain(', ');
      out.plain('(').str(stringLiteral(field)).plain(', ').str(stringLiteral(name)).plain(')');
    });
    out.plain('],\n)\n').plain('request = ').fn('Request').plain('(\n');
    url();
    out.plain('    ').prop('data').plain('=body,\n    ').prop('headers').plain('={');
    auth().str("'Content-Type'").plain(': content_type},\n)\n');
  } else {
    out
      .plain('body = ')
      .all(valueLiteral(request.json, dialects.python))
      .plain('\nrequest = ')
      .fn('Request')
      .plain('(\n');
    url();
    out
      .plain('    ')
      .prop('data')
      .plain('=json.')
      .fn('dumps')
      .plain('(body).')
      .fn('encode')
      .plain('(),\n    ')
      .prop('headers')
      .plain('={');
    auth().str("'Content-Type'").plain(': ').str("'application/json'").plain('},\n)\n');
  }
  out
    .keyword('try')
    .plain(':\n    ')
    .keyword('with')
    .plain(' ')
    .fn('urlopen')
    .plain('(request) ')
    .keyword('as')
    .plain(' response:\n        result = response.')
    .fn('read')
    .plain('()\n')
    .keyword('except')
    .plain(' HTTPError ')
    .keyword('as')
    .plain(' error:\n    ')
    .keyword('raise')
    .plain(' ')
    .fn('SystemExit')
    .plain('(json.')
    .fn('load')
    .plain('(error)[')
    .str("'message'")
    .plain('])\n\n');
  if (output) {
    out
      .keyword('with')
      .plain(' ')
      .fn('open')
      .plain('(')
      .str(stringLiteral(output))
      .plain(', ')
      .str("'wb'")
      .plain(') ')
      .keyword('as')
      .plain(' out:\n    out.')
      .fn('write')
      .plain('(result)');
  } else {
    out
      .fn('print')
      .plain('(json.')
      .fn('dumps')
      .plain('(json.')
      .fn('loads')
      .plain('(result)[')
      .str("'data'")
      .plain('], indent=')
      .add('number', '2')
      .plain(', ensure_ascii=')
      .keyword('False')
      .plain('))');
  }
  return out.lines();
}
