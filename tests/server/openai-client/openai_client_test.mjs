// The official OpenAI Node.js client against `tessera-cli serve` on the tiny model: models, chat,
// streaming, tools, errors, two concurrent streams, cancelling a stream with AbortController,
// structured output parsed by the client (and validated by ajv), and reasoning_content streamed by
// a thinking model (the tiny model behind DeepSeek-R1's chat template, when the fixture is there).
// usage: node openai_client_test.mjs TESSERA_CLI MODEL.gguf [R1_TEMPLATE.jinja]   (run.sh installs the packages)
// Exit 0 when every check passed, 1 otherwise. Loopback only; every wait is bounded.
import { spawn } from 'node:child_process';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import OpenAI from 'openai';
import Ajv from 'ajv';

const [cli, modelPath, r1Template] = process.argv.slice(2);
const KEY = 'openai-client-test-key';
const overall = setTimeout(() => { console.error('FAIL: the whole test took over 240 s'); process.exit(1); }, 240_000);

function startServer(extra = []) {
  const child = spawn(cli, ['serve', '-m', modelPath, '--port', '0', '--backend', 'cpu', '--ctx', '2048',
                            '--api-key', KEY, ...extra], { stdio: ['ignore', 'ignore', 'pipe'] });
  return new Promise((resolve, reject) => {
    let err = '';
    const timer = setTimeout(() => reject(new Error('no "serving" line within 60 s:\n' + err)), 60_000);
    child.stderr.on('data', (d) => {
      err += d.toString();
      const m = err.match(/serving .* at http:\/\/127\.0\.0\.1:(\d+)\/v1/);
      if (m) { clearTimeout(timer); resolve({ child, port: Number(m[1]) }); }
    });
    child.on('exit', (code) => { clearTimeout(timer); reject(new Error(`server exited (${code}):\n${err}`)); });
  });
}

async function metric(port, name) {
  const res = await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { Authorization: `Bearer ${KEY}` } });
  const line = (await res.text()).split('\n').find((l) => l.startsWith(name + ' '));
  return line ? Number(line.split(' ')[1]) : NaN;
}

async function eventually(check, ms = 10_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return check();
}

const messages = [{ role: 'system', content: 'You are a helpful assistant.' },
                  { role: 'user', content: 'Tell me a story about a cat.' }];
const tools = [{ type: 'function', function: { name: 'get_weather', description: 'Current weather in a city',
  parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } } }];

async function collect(stream) {
  let text = '', finish = null, usage = null, chunks = 0;
  for await (const chunk of stream) {
    chunks++;
    if (chunk.usage) usage = chunk.usage;
    const choice = chunk.choices[0];
    if (!choice) continue;
    text += choice.delta?.content ?? '';
    if (choice.finish_reason) finish = choice.finish_reason;
  }
  return { text, finish, usage, chunks };
}

const checks = [];
function check(name, fn) { checks.push({ name, fn }); }

let port, client;

check('models.list names the served model', async () => {
  const list = await client.models.list();
  assert.deepEqual(list.data.map((m) => m.id), ['tessera-tiny']);
  const one = await client.models.retrieve('tessera-tiny');
  assert.equal(one.id, 'tessera-tiny');
});

let reference;
check('chat completion: max_tokens ends with length, usage counts', async () => {
  const r = await client.chat.completions.create({ model: 'tessera-tiny', messages, max_tokens: 10, temperature: 0 });
  assert.equal(r.object, 'chat.completion');
  assert.equal(r.choices[0].finish_reason, 'length');
  assert.equal(r.choices[0].message.role, 'assistant');
  assert.ok(r.choices[0].message.content.length > 0);
  assert.equal(r.usage.completion_tokens, 10);
  assert.equal(r.usage.total_tokens, r.usage.prompt_tokens + 10);
  reference = r.choices[0].message.content;
});

check('streaming gives the same text, ends with usage', async () => {
  const stream = await client.chat.completions.create({ model: 'tessera-tiny', messages, max_tokens: 10, temperature: 0,
    stream: true, stream_options: { include_usage: true } });
  const s = await collect(stream);
  assert.equal(s.text, reference);
  assert.equal(s.finish, 'length');
  assert.equal(s.usage?.completion_tokens, 10);
});

check('legacy completions with a stop sequence', async () => {
  const full = await client.completions.create({ model: 'tessera-tiny', prompt: 'Once upon a time', max_tokens: 20, temperature: 0 });
  const text = full.choices[0].text;
  const stop = text.slice(Math.floor(text.length / 2), Math.floor(text.length / 2) + 3);
  const r = await client.completions.create({ model: 'tessera-tiny', prompt: 'Once upon a time', max_tokens: 20,
    temperature: 0, stop: [stop] });
  assert.equal(r.choices[0].text, text.slice(0, text.indexOf(stop)));
  assert.equal(r.choices[0].finish_reason, 'stop');
});

check('tools are accepted, and a tool round trip is answered', async () => {
  const r = await client.chat.completions.create({ model: 'tessera-tiny', messages: [{ role: 'user', content: 'Weather in Paris?' }],
    tools, tool_choice: 'auto', max_tokens: 8, temperature: 0 });
  const choice = r.choices[0];
  // The tiny model knows no tools: it answers in text; the parser turns real calls into tool_calls
  // (test_server covers the formats). Either shape must be a valid OpenAI message.
  if (choice.finish_reason === 'tool_calls') assert.ok(choice.message.tool_calls[0].function.name);
  else assert.equal(typeof choice.message.content, 'string');
  const round = await client.chat.completions.create({ model: 'tessera-tiny', tools, max_tokens: 4, temperature: 0,
    messages: [{ role: 'user', content: 'Weather in Paris?' },
               { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function',
                 function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }] },
               { role: 'tool', tool_call_id: 'call_1', content: '18 C and sunny' }] });
  assert.equal(round.object, 'chat.completion');
  const stream = await client.chat.completions.create({ model: 'tessera-tiny', messages: [{ role: 'user', content: 'Hi' }],
    tools, max_tokens: 6, temperature: 0, stream: true });
  const s = await collect(stream);
  assert.ok(['length', 'stop', 'tool_calls'].includes(s.finish));
});

check('errors: 401, 400 naming the field, another model name served, 413 prompt', async () => {
  const wrong = new OpenAI({ baseURL: `http://127.0.0.1:${port}/v1`, apiKey: 'wrong', maxRetries: 0, timeout: 20_000 });
  await assert.rejects(wrong.models.list(), (e) => e instanceof OpenAI.AuthenticationError && e.status === 401);
  await assert.rejects(client.chat.completions.create({ model: 'tessera-tiny', messages, max_tokens: -5 }),
    (e) => e instanceof OpenAI.BadRequestError && e.param === 'max_tokens' && /max_tokens/.test(e.message));
  // Another model's name is answered by the served model, which the reply names (as llama-server).
  const other = await client.chat.completions.create({ model: 'gpt-4o', messages, max_tokens: 2 });
  assert.equal(other.model, 'tessera-tiny');
  await assert.rejects(client.completions.create({ model: 'tessera-tiny', prompt: 'cat dog '.repeat(1500), max_tokens: 2 }),
    (e) => e instanceof OpenAI.APIError && e.status === 413 && e.code === 'context_length_exceeded');
});

check('two concurrent streams both complete', async () => {
  const one = () => client.chat.completions.create({ model: 'tessera-tiny', messages, max_tokens: 24, temperature: 0, stream: true })
    .then(collect);
  const [a, b] = await Promise.all([one(), one()]);
  assert.equal(a.text, b.text);
  assert.equal(a.finish, 'length');
  assert.equal(b.finish, 'length');
});

check('AbortController cancels the generation on the server', async () => {
  const before = await metric(port, 'tessera_requests_cancelled_total');
  const tokensBefore = await metric(port, 'tessera_generated_tokens_total');
  const controller = new AbortController();
  const stream = await client.chat.completions.create({ model: 'tessera-tiny', messages, max_tokens: 100000,
    stream: true, ignore_eos: true }, { signal: controller.signal });
  let seen = 0;
  // The client ends the iteration (or throws an abort error, depending on the version) after abort().
  try {
    for await (const _ of stream) if (++seen === 3) controller.abort();
  } catch (e) {
    if (!(e.name === 'AbortError' || e instanceof OpenAI.APIUserAbortError)) throw e;
  }
  assert.ok(seen >= 3 && seen < 100, `${seen} chunks arrived after abort()`);
  assert.ok(await eventually(async () => (await metric(port, 'tessera_requests_cancelled_total')) === before + 1),
    'the server did not count the cancelled generation');
  assert.ok(await eventually(async () => (await metric(port, 'tessera_requests_active')) === 0));
  const generated = (await metric(port, 'tessera_generated_tokens_total')) - tokensBefore;
  assert.ok(generated < 200, `${generated} tokens generated for a client that had gone`);
});

const moodSchema = { type: 'object', additionalProperties: false, required: ['mood', 'age', 'friends'],
  properties: { mood: { enum: ['happy', 'sad', 'angry'] }, age: { type: 'integer' },
                friends: { type: 'array', items: { type: 'string' } } } };

check('json_schema: the client parses the reply and ajv validates it', async () => {
  const validate = new Ajv().compile(moodSchema);
  for (const seed of [1, 2, 3]) {
    const r = await client.beta.chat.completions.parse({ model: 'tessera-tiny', max_tokens: 48, seed,
      messages: [{ role: 'user', content: 'How is Tom today?' }],
      response_format: { type: 'json_schema', json_schema: { name: 'mood', strict: true, schema: moodSchema } } });
    const parsed = r.choices[0].message.parsed;
    assert.ok(parsed && typeof parsed === 'object', `no parsed object: ${r.choices[0].message.content}`);
    assert.ok(validate(parsed), `${JSON.stringify(parsed)}: ${JSON.stringify(validate.errors)}`);
  }
  // A keyword outside the strict subset is refused, naming it.
  await assert.rejects(client.chat.completions.create({ model: 'tessera-tiny', messages, response_format: { type: 'json_schema',
    json_schema: { name: 'x', schema: { type: 'string', pattern: '^a' } } } }),
    (e) => e instanceof OpenAI.BadRequestError && e.param === 'response_format.json_schema.schema.pattern');
});

check('a thinking model streams delta.reasoning_content', async () => {
  if (!r1Template || !existsSync(r1Template)) {
    console.log('     (skipped: no DeepSeek-R1 template fixture at ' + r1Template + ')');
    return;
  }
  const thinking = await startServer(['--chat-template-file', r1Template]);
  try {
    const c = new OpenAI({ baseURL: `http://127.0.0.1:${thinking.port}/v1`, apiKey: KEY, maxRetries: 0, timeout: 30_000 });
    const whole = await c.chat.completions.create({ model: 'tessera-tiny', messages, max_tokens: 12, temperature: 0 });
    const stream = await c.chat.completions.create({ model: 'tessera-tiny', messages, max_tokens: 12, temperature: 0,
      stream: true, stream_options: { include_usage: true } });
    let reasoning = '', content = '', usage = null;
    for await (const chunk of stream) {
      if (chunk.usage) usage = chunk.usage;
      const delta = chunk.choices[0]?.delta;
      reasoning += delta?.reasoning_content ?? '';
      content += delta?.content ?? '';
    }
    assert.ok(reasoning.length > 0, 'no reasoning_content in the stream');
    assert.equal(reasoning, whole.choices[0].message.reasoning_content);
    assert.equal(content, whole.choices[0].message.content);
    assert.equal(usage.completion_tokens_details?.reasoning_tokens, usage.completion_tokens);
  } finally {
    thinking.child.kill('SIGTERM');
    await new Promise((r) => { const t = setTimeout(r, 10_000); thinking.child.on('exit', () => { clearTimeout(t); r(); }); });
  }
});

let failed = 0;
let server;
try {
  server = await startServer();
  port = server.port;
  client = new OpenAI({ baseURL: `http://127.0.0.1:${port}/v1`, apiKey: KEY, maxRetries: 0, timeout: 30_000 });
  for (const { name, fn } of checks) {
    try {
      await fn();
      console.log(`ok   ${name}`);
    } catch (e) {
      failed++;
      console.log(`FAIL ${name}: ${e.stack ?? e}`);
    }
  }
} catch (e) {
  failed++;
  console.log(`FAIL starting the server: ${e.stack ?? e}`);
} finally {
  if (server) {
    server.child.kill('SIGTERM');
    await new Promise((r) => { const t = setTimeout(r, 10_000); server.child.on('exit', () => { clearTimeout(t); r(); }); });
  }
  clearTimeout(overall);
}
console.log(failed === 0 ? `all ${checks.length} checks passed` : `${failed} of ${checks.length} checks failed`);
process.exit(failed === 0 ? 0 : 1);
