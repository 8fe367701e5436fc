import { MongoDBContainer, type StartedMongoDBContainer } from '@testcontainers/mongodb';
import mongoose from 'mongoose';
import { serverAvailability } from '../testing/container-runtime';
import { openMongoStore } from './mongo-store';
import { storeContract } from './store-contract';

// Runs against MONGODB_URI (a replica set: transactions need one), or a MongoDB container when Docker is there.
const availability = serverAvailability('MONGODB_URI');

if (availability.kind === 'unavailable') {
  const title = `MongoDB store contract: skipped — ${availability.reason}`;
  // Straight to stderr: jest drops console output of a file whose tests are all skipped.
  process.stderr.write(`\n[skipped] ${title}\n`);
  test.skip(title, () => undefined);
} else {
  describe('MongoDB store contract', () => {
    storeContract(
      async () => {
        let container: StartedMongoDBContainer | undefined;
        let uri: string;
        if (availability.kind === 'configured') {
          uri = availability.value;
        } else {
          container = await new MongoDBContainer('mongo:7.0').start();
          uri = `${container.getConnectionString()}?directConnection=true`;
        }
        const dbName = `kit_contract_${process.pid}_${Date.now()}`;
        const store = await openMongoStore({ uri, dbName });
        return {
          store,
          async dispose() {
            await store.close();
            const connection = await mongoose.createConnection(uri, { dbName }).asPromise();
            await connection.dropDatabase();
            await connection.close();
            await container?.stop();
          },
        };
      },
      { setupTimeoutMs: 180_000 },
    );
  });
}
